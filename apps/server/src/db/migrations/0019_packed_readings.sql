-- A reading is kept gzipped (`packed`, its JSON) with each page's size beside it (`page_sizes`,
-- for placing highlights without the whole reading). A large document's reading is tens of MB of
-- JSON: kept as jsonb it made the embedded database's memory grow by gigabytes, for good. Readings
-- kept before stay readable from `reading` until the reader version changes and they are replaced.
ALTER TABLE file_readings ALTER COLUMN reading DROP NOT NULL;
ALTER TABLE file_readings ADD COLUMN packed bytea;
ALTER TABLE file_readings ADD COLUMN page_sizes jsonb;
UPDATE file_readings SET page_sizes = (
  SELECT coalesce(jsonb_agg(jsonb_build_object(
    'number', page -> 'number', 'width', page -> 'width', 'height', page -> 'height')), '[]')
  FROM jsonb_array_elements(reading -> 'pages') AS page
);
ALTER TABLE file_readings ALTER COLUMN page_sizes SET NOT NULL;
ALTER TABLE file_readings ADD CONSTRAINT file_readings_kept_check
  CHECK (packed IS NOT NULL OR reading IS NOT NULL);
