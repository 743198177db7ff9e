CREATE TABLE categories (
    id SERIAL PRIMARY KEY,
    name TEXT NOT NULL UNIQUE,
    slug TEXT NOT NULL UNIQUE,
    description TEXT,
    color TEXT NOT NULL CHECK (color IN ('green', 'pink', 'blue', 'red', 'orange', 'indigo', 'teal', 'purple')),
    icon TEXT NOT NULL
);

CREATE TABLE businesses (
    id SERIAL PRIMARY KEY,
    name TEXT NOT NULL,
    slug TEXT NOT NULL UNIQUE,
    description TEXT,
    address TEXT,
    phone TEXT,
    email TEXT,
    website TEXT,
    logo_url TEXT,
    image_url TEXT,
    latitude DOUBLE PRECISION,
    longitude DOUBLE PRECISION,
    category_id INTEGER REFERENCES categories (id) ON DELETE SET NULL,
    featured BOOLEAN NOT NULL DEFAULT FALSE,
    verified BOOLEAN NOT NULL DEFAULT FALSE,
    created_at TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP,
    updated_at TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP
);
CREATE INDEX businesses_category_id ON businesses (category_id);
CREATE INDEX businesses_featured ON businesses (featured);
CREATE INDEX businesses_name ON businesses (name);

CREATE TABLE events (
    id SERIAL PRIMARY KEY,
    title TEXT NOT NULL,
    description TEXT,
    start_date TIMESTAMP NOT NULL,
    end_date TIMESTAMP,
    location TEXT,
    category TEXT NOT NULL DEFAULT 'community' CHECK (category IN ('government', 'community', 'business', 'cultural')),
    CHECK (end_date IS NULL OR end_date >= start_date)
);
CREATE INDEX events_start_date ON events (start_date);

CREATE TABLE articles (
    id SERIAL PRIMARY KEY,
    slug TEXT NOT NULL UNIQUE,
    title TEXT NOT NULL,
    excerpt TEXT,
    content TEXT,
    image_url TEXT,
    category TEXT NOT NULL DEFAULT 'news' CHECK (category IN ('news', 'community', 'business', 'events')),
    published BOOLEAN NOT NULL DEFAULT FALSE,
    created_at TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP
);
CREATE INDEX articles_published_created_at ON articles (published, created_at);

CREATE TABLE sponsor_banners (
    id SERIAL PRIMARY KEY,
    name TEXT NOT NULL,
    image_url TEXT NOT NULL,
    link_url TEXT NOT NULL,
    alt_text TEXT NOT NULL,
    placement TEXT NOT NULL CHECK (placement IN ('home-top', 'home-sidebar', 'history')),
    position INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX sponsor_banners_placement ON sponsor_banners (placement, position);

CREATE TABLE newsletter_subscribers (
    id SERIAL PRIMARY KEY,
    email TEXT NOT NULL UNIQUE,
    created_at TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP,
    unsubscribed_at TIMESTAMP
);

CREATE TABLE contact_messages (
    id SERIAL PRIMARY KEY,
    name TEXT NOT NULL,
    email TEXT NOT NULL,
    message TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP
);

CREATE TABLE listing_orders (
    id SERIAL PRIMARY KEY,
    plan TEXT NOT NULL,
    billing TEXT NOT NULL CHECK (billing IN ('monthly', 'annual')),
    amount_cents INTEGER NOT NULL CHECK (amount_cents >= 0),
    status TEXT NOT NULL DEFAULT 'pending',
    stripe_payment_intent_id TEXT UNIQUE,
    stripe_subscription_id TEXT UNIQUE,
    email TEXT,
    business_name TEXT,
    paid_until TIMESTAMP,
    created_at TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP,
    updated_at TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP
);
