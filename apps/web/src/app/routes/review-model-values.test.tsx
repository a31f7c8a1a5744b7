import { describe, expect, it } from 'vitest';

import { flowFixtures as f } from '@/features/pipelines/test/fixtures';
import { stubObjectUrls } from '@/test/downloads';
import { screen, userEvent } from '@/test/render';
import { ADMIN_USER, openReviewScreen } from '@/test/review-screen';

/** The fixture invoice with the AI model's marks on two fields. */
function recordWithModelValues() {
  const record = f.review();
  const fields = record.extracted_data!.fields;
  fields.invoice_number = { ...fields.invoice_number!, model: 'agreed' };
  fields.total = { ...fields.total!, model: 'alone' };
  return record;
}

describe('/review/:pipelineId with values the AI model read', { timeout: 30_000 }, () => {
  it('says under each field which engine read it, until the reviewer changes the value', async () => {
    stubObjectUrls();
    openReviewScreen(recordWithModelValues(), { users: [ADMIN_USER] });

    const total = await screen.findByRole('textbox', { name: 'Total' });
    expect(total).toHaveAccessibleDescription('Read by the AI model');
    expect(screen.getByRole('textbox', { name: 'Invoice Number' })).toHaveAccessibleDescription(
      'AI model and offline engine agree',
    );
    // The engine's own reading carries no model note.
    expect(screen.getByRole('textbox', { name: 'Invoice Date' })).not.toHaveAccessibleDescription(
      /AI model/,
    );

    await userEvent.clear(total);
    await userEvent.type(total, '99');
    expect(total).not.toHaveAccessibleDescription(/AI model/);
  });
});
