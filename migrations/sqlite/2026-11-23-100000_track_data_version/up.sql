-- One counter that every change to what pages show moves forward, whoever
-- writes (this server, another process, the import command or plain SQL).
-- Rendered pages are cached under it, so a change is visible at once.
CREATE TABLE data_version (
    id INTEGER PRIMARY KEY NOT NULL CHECK (id = 1),
    version BIGINT NOT NULL
);
INSERT INTO data_version (id, version) VALUES (1, 1);

CREATE TRIGGER businesses_insert_bumps_data_version AFTER INSERT ON businesses
BEGIN
    UPDATE data_version SET version = version + 1 WHERE id = 1;
END;

CREATE TRIGGER businesses_update_bumps_data_version AFTER UPDATE ON businesses
BEGIN
    UPDATE data_version SET version = version + 1 WHERE id = 1;
END;

CREATE TRIGGER businesses_delete_bumps_data_version AFTER DELETE ON businesses
BEGIN
    UPDATE data_version SET version = version + 1 WHERE id = 1;
END;

CREATE TRIGGER categories_insert_bumps_data_version AFTER INSERT ON categories
BEGIN
    UPDATE data_version SET version = version + 1 WHERE id = 1;
END;

CREATE TRIGGER categories_update_bumps_data_version AFTER UPDATE ON categories
BEGIN
    UPDATE data_version SET version = version + 1 WHERE id = 1;
END;

CREATE TRIGGER categories_delete_bumps_data_version AFTER DELETE ON categories
BEGIN
    UPDATE data_version SET version = version + 1 WHERE id = 1;
END;

CREATE TRIGGER events_insert_bumps_data_version AFTER INSERT ON events
BEGIN
    UPDATE data_version SET version = version + 1 WHERE id = 1;
END;

CREATE TRIGGER events_update_bumps_data_version AFTER UPDATE ON events
BEGIN
    UPDATE data_version SET version = version + 1 WHERE id = 1;
END;

CREATE TRIGGER events_delete_bumps_data_version AFTER DELETE ON events
BEGIN
    UPDATE data_version SET version = version + 1 WHERE id = 1;
END;

CREATE TRIGGER articles_insert_bumps_data_version AFTER INSERT ON articles
BEGIN
    UPDATE data_version SET version = version + 1 WHERE id = 1;
END;

CREATE TRIGGER articles_update_bumps_data_version AFTER UPDATE ON articles
BEGIN
    UPDATE data_version SET version = version + 1 WHERE id = 1;
END;

CREATE TRIGGER articles_delete_bumps_data_version AFTER DELETE ON articles
BEGIN
    UPDATE data_version SET version = version + 1 WHERE id = 1;
END;

CREATE TRIGGER sponsor_banners_insert_bumps_data_version AFTER INSERT ON sponsor_banners
BEGIN
    UPDATE data_version SET version = version + 1 WHERE id = 1;
END;

CREATE TRIGGER sponsor_banners_update_bumps_data_version AFTER UPDATE ON sponsor_banners
BEGIN
    UPDATE data_version SET version = version + 1 WHERE id = 1;
END;

CREATE TRIGGER sponsor_banners_delete_bumps_data_version AFTER DELETE ON sponsor_banners
BEGIN
    UPDATE data_version SET version = version + 1 WHERE id = 1;
END;
