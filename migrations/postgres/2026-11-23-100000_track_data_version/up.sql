-- One counter that every change to what pages show moves forward, whoever
-- writes (this server, another process, the import command or plain SQL).
-- Rendered pages are cached under it, so a change is visible at once.
CREATE TABLE data_version (
    id INTEGER PRIMARY KEY NOT NULL CHECK (id = 1),
    version BIGINT NOT NULL
);
INSERT INTO data_version (id, version) VALUES (1, 1);

CREATE FUNCTION bump_data_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE data_version SET version = version + 1 WHERE id = 1;
    RETURN NULL;
END;
$$;

CREATE TRIGGER businesses_bumps_data_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON businesses
    FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version();

CREATE TRIGGER categories_bumps_data_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON categories
    FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version();

CREATE TRIGGER events_bumps_data_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON events
    FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version();

CREATE TRIGGER articles_bumps_data_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON articles
    FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version();

CREATE TRIGGER sponsor_banners_bumps_data_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON sponsor_banners
    FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version();
