import { Badge, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReconCheck, ReviewRecord } from '@parser/contracts';
import type { ReactNode } from 'react';

import { ConfidenceBadge } from '@/components/confidence-badge';

import type { ReviewForm } from '../hooks/use-review-form';
import {
  displayLabel,
  extractedField,
  hasReviewData,
  inputId,
  isUnchanged,
  parseValue,
} from '../utils/review-values';
import { agentChangeAt, reconFlagAt, reconWarningAt } from '../utils/agent-report';
import { AgentChangeNote } from './agent-change-note';
import { ReconWarningNote, reconWarningStyles } from './recon-warning-note';
import { einvoiceXpathOf, focusSourceOf } from '../utils/value-source';
import { CurrencyCode } from './currency-code';
import { EInvoiceSourceNote } from './einvoice-source-note';
import { LearnedValueNote } from './learned-value-note';
import { ModelValueNote } from './model-value-note';
import type { SourceBox } from './document-preview';
import { ValueInput } from './value-input';

export interface ReviewFieldsProps {
  record: ReviewRecord;
  form: ReviewForm;
  /** Called when a value gets focus, with where the engine read it (null if nowhere). */
  onFocusSource: (source: SourceBox | null) => void;
  /** Inputs are read-only once the document is past review. */
  readOnly: boolean;
}

/** 'Document Fields': the type's single-value fields as inputs, in the schema's order. */
export function ReviewFields({ record, form, onFocusSource, readOnly }: ReviewFieldsProps) {
  let content;
  if (!hasReviewData(record)) {
    content = <Text c="dimmed">No field data available</Text>;
  } else if (record.schema.fields.length === 0) {
    content = <Text c="dimmed">No single fields found in extracted data</Text>;
  } else {
    content = (
      <Stack gap="sm">
        {record.schema.fields.map((field) => {
          const text = form.values.fields[field.key] ?? '';
          const extracted = extractedField(record, field.key);
          const parsed = parseValue(text, field.type);
          const unchanged = isUnchanged(extracted, text);
          const currency = field.type === 'currency' ? extracted?.currency : undefined;
          const agentChange = agentChangeAt(record, { field: field.key });
          const reconFlag = reconFlagAt(record, { field: field.key });
          // A warning's likely misread: a quieter mark than a failure's, with what to check.
          const reconWarning = parsed.ok ? reconWarningAt(record, { field: field.key }) : undefined;
          // Which engine read the value, while the reviewer keeps it.
          const modelMark =
            extracted && unchanged && text.trim() !== '' ? extracted.model : undefined;
          const einvoiceXpath = unchanged ? einvoiceXpathOf(extracted) : undefined;
          // Read with what reviewers taught about this vendor, while the reviewer keeps it.
          const isLearned = extracted?.learned === true && unchanged && text.trim() !== '';
          return (
            <ValueInput
              key={field.key}
              type={field.type}
              id={inputId({ kind: 'field', key: field.key })}
              data-review-input
              label={displayLabel(field.label)}
              withAsterisk={field.required}
              value={text}
              readOnly={readOnly}
              variant={readOnly ? 'filled' : 'default'}
              error={parsed.ok ? reconFlag : parsed.error}
              data-recon-warning={reconWarning ? true : undefined}
              styles={reconWarning ? reconWarningStyles : undefined}
              description={withWarning(
                reconWarning,
                agentChange ? (
                  <AgentChangeNote change={agentChange} />
                ) : modelMark ? (
                  <ModelValueNote mark={modelMark} />
                ) : einvoiceXpath ? (
                  <EInvoiceSourceNote xpath={einvoiceXpath} />
                ) : isLearned ? (
                  <LearnedValueNote />
                ) : undefined,
              )}
              onChange={(value) => form.setField(field.key, value)}
              onFocus={() => onFocusSource(focusSourceOf(extracted))}
              leftSection={currency ? <CurrencyCode code={currency} /> : undefined}
              leftSectionWidth={currency ? 44 : undefined}
              rightSectionWidth={72}
              rightSectionPointerEvents="none"
              rightSection={
                extracted && unchanged && text.trim() !== '' ? (
                  <ConfidenceBadge confidence={extracted.confidence} />
                ) : text.trim() !== '' && !unchanged ? (
                  <Badge color="gray" variant="light" size="sm">
                    edited
                  </Badge>
                ) : null
              }
            />
          );
        })}
      </Stack>
    );
  }
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="document-fields">
      <Title order={2} size="h4" id="document-fields" mb="sm">
        Document Fields
      </Title>
      {content}
    </Paper>
  );
}

/** A field's description with the warning that names it first, on its own line. */
function withWarning(warning: ReconCheck | undefined, note: ReactNode): ReactNode {
  if (!warning) return note;
  return (
    <>
      <ReconWarningNote check={warning} />
      {note && (
        <>
          <br />
          {note}
        </>
      )}
    </>
  );
}
