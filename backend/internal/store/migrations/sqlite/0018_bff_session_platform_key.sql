-- Embedded mode keeps the BFF session and its platform session in one store: the platform
-- session's key (the hash of its token, platform_session.token_hash) beside the BFF row lets a
-- request read both, with the login, its party and its login profile, in one query (issue 13).
-- NULL in remote mode, where the platform session lives in another store, and on rows written
-- before this migration (those read the two apart, as before).
ALTER TABLE bff_session ADD COLUMN platform_token_hash BLOB;
