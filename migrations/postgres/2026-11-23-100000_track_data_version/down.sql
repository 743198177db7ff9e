DROP TRIGGER businesses_bumps_data_version ON businesses;
DROP TRIGGER categories_bumps_data_version ON categories;
DROP TRIGGER events_bumps_data_version ON events;
DROP TRIGGER articles_bumps_data_version ON articles;
DROP TRIGGER sponsor_banners_bumps_data_version ON sponsor_banners;
DROP FUNCTION bump_data_version();
DROP TABLE data_version;
