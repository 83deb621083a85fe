-- Sub-positions (spec 2 §3 split_index, §2.3 "Sub-positions are nested"): a trade may name the
-- part of a holding it belongs to, such as a sub-account or a lot the firm keeps apart
-- (docs/import-format.md, sub_position). '' is the holding's main part. An account's holding of
-- a security with more than one open part is answered as one position row per part, numbered
-- by split_index (package ledger, Book); values and returns do not depend on it.
ALTER TABLE txn ADD COLUMN sub_position TEXT NOT NULL DEFAULT '';
