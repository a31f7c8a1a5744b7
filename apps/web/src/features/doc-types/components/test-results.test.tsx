import type { DocTypeTestResult } from '@parser/contracts';
import { describe, expect, it } from 'vitest';

import { render, screen } from '@/test/render';

import type { DraftField } from '../utils/draft-items';
import { TestResults } from './test-results';

const fields: DraftField[] = [
  {
    id: 'f1',
    key: 'total',
    label: 'Total',
    keyLocked: true,
    type: 'currency',
    required: false,
    extracted: true,
  },
];

const result = (extra: Partial<DocTypeTestResult> = {}): DocTypeTestResult => ({
  fields: { total: { value: 7.5, confidence: 0.92, source: null } },
  tables: {},
  pages: 1,
  ...extra,
});

describe('TestResults with an AI model', () => {
  it("shows why the model's answer was not used, with the offline values", () => {
    render(
      <TestResults
        result={result({
          model_warnings: [
            "The model endpoint answered HTTP 500; the offline engine's values were kept.",
          ],
        })}
        fields={fields}
        tables={[]}
      />,
    );
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('AI model notes');
    expect(alert).toHaveTextContent(
      "The model endpoint answered HTTP 500; the offline engine's values were kept.",
    );
    expect(screen.getByRole('row', { name: /Total/ })).toHaveTextContent('7.5');
  });

  it('shows no warning when the model was used or is not configured', () => {
    render(<TestResults result={result()} fields={fields} tables={[]} />);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
