import { describe, expect, it } from 'vitest';

import { flowFixtures as f } from '@/features/pipelines/test/fixtures';
import { stubObjectUrls } from '@/test/downloads';
import { screen, userEvent } from '@/test/render';
import { ADMIN_USER, openReviewScreen } from '@/test/review-screen';

/** The fixture invoice with its date read where this vendor's reviewed documents had it. */
function recordWithLearnedValue() {
  const record = f.review();
  const fields = record.extracted_data!.fields;
  fields.invoice_date = { ...fields.invoice_date!, learned: true };
  return record;
}

describe('/review/:pipelineId with a value read with a learned hint', { timeout: 30_000 }, () => {
  it('says so under the field until the reviewer changes the value', async () => {
    stubObjectUrls();
    openReviewScreen(recordWithLearnedValue(), { users: [ADMIN_USER] });

    const date = await screen.findByRole('textbox', { name: 'Invoice Date' });
    expect(date).toHaveAccessibleDescription("Read where this vendor's reviewed documents had it");
    expect(screen.getByRole('textbox', { name: 'Total' })).not.toHaveAccessibleDescription(
      /reviewed documents/,
    );

    await userEvent.clear(date);
    await userEvent.type(date, '2024-01-02');
    expect(date).not.toHaveAccessibleDescription(/reviewed documents/);
  });
});
