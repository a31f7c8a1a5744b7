-- E-invoices sent as XML alone (UBL 2.1 Invoice/CreditNote, UN/CEFACT CII) are documents too. The
-- format still comes from the content: only XML whose root element is one of those is stored.
ALTER TABLE files DROP CONSTRAINT IF EXISTS files_format_check;
ALTER TABLE files
  ADD CONSTRAINT files_format_check
  CHECK (format IN ('pdf', 'png', 'jpeg', 'tiff', 'doc', 'docx', 'xml'));
