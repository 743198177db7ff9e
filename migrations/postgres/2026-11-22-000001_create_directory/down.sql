DROP TABLE listing_orders;
DROP TABLE contact_messages;
DROP TABLE newsletter_subscribers;
DROP TABLE sponsor_banners;
DROP TABLE articles;
DROP TABLE events;
DROP TABLE businesses;
DROP TABLE categories;
