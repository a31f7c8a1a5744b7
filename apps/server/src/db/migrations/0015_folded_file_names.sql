-- A case-insensitive name search compares each candidate row with ILIKE, which folds the row's name
-- and the pattern to lower case on every comparison: about 9 µs a row on the embedded database, so
-- a search whose trigrams narrow it to a hundred rows spent 2 ms there. The folded name is stored
-- once, when the file row is written, and the search compares it with LIKE.
ALTER TABLE files ADD COLUMN name_folded text GENERATED ALWAYS AS (lower(original_filename)) STORED;
CREATE INDEX files_name_folded_search_idx ON files USING gin (name_folded public.gin_trgm_ops)
  WITH (fastupdate = off);
DROP INDEX files_name_search_idx;
