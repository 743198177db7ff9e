//! Every URL the server answers, in one table read top to bottom.

use actix_files::Files;
use actix_governor::Governor;
use actix_web::http::header;
use actix_web::middleware::DefaultHeaders;
use actix_web::{web, HttpRequest, HttpResponse};

use crate::config::AssetSettings;
use crate::error::AppError;
use crate::handlers::{
    api, assets, forms, operations, pages, payments, redirects, seo, unsubscribe,
};
use crate::rate_limit::FormLimits;

pub fn configure(
    assets: &AssetSettings,
    form_limits: FormLimits,
) -> impl Fn(&mut web::ServiceConfig) + Clone {
    let public = assets.public_dir.clone();
    move |config| {
        config.app_data(web::QueryConfig::default().error_handler(|error, _| {
            AppError::BadRequest(format!("Invalid query string: {error}")).into()
        }));
        config.service(
            web::scope("/api")
                .route("/openapi.json", web::get().to(api::openapi::show_openapi))
                .route(
                    "/businesses",
                    web::get().to(api::businesses::list_businesses),
                )
                .route(
                    "/businesses/featured",
                    web::get().to(api::businesses::list_featured_businesses),
                )
                .route(
                    "/businesses/{slug}",
                    web::get().to(api::businesses::show_business),
                )
                .route(
                    "/categories",
                    web::get().to(api::categories::list_categories),
                )
                .route(
                    "/categories/{slug}",
                    web::get().to(api::categories::show_category),
                )
                .route("/events", web::get().to(api::events::list_events))
                .route(
                    "/events/upcoming",
                    web::get().to(api::events::list_upcoming_events),
                )
                .route("/articles", web::get().to(api::articles::list_articles))
                .route(
                    "/articles/{slug}",
                    web::get().to(api::articles::show_article),
                )
                .route("/banners", web::get().to(api::banners::list_banners))
                .service(
                    web::resource("/newsletter/subscribe")
                        .wrap(Governor::new(&form_limits.newsletter))
                        .route(web::post().to(forms::newsletter::subscribe)),
                )
                .service(
                    web::resource("/contact")
                        .wrap(Governor::new(&form_limits.contact))
                        .route(web::post().to(forms::contact::create_contact_message)),
                )
                .service(
                    web::resource("/create-payment-intent")
                        .wrap(Governor::new(&form_limits.payment_intent))
                        .route(
                            web::post().to(payments::create_payment_intent::create_payment_intent),
                        ),
                )
                .service(
                    web::resource("/business-listing-confirmation")
                        .wrap(Governor::new(&form_limits.listing_confirmation))
                        .route(
                            web::post().to(
                                payments::business_listing_confirmation::confirm_business_listing,
                            ),
                        ),
                )
                // Stripe calls from its servers: no Origin check or visitor rate limit;
                // the signature is the check. Events are small; 256 KiB is generous.
                .service(
                    web::resource("/stripe/webhook")
                        .app_data(web::PayloadConfig::new(256 * 1024))
                        .route(web::post().to(payments::stripe_webhook::receive_stripe_event)),
                )
                .default_service(web::to(|| async {
                    Err::<HttpResponse, _>(AppError::NotFound("No such API endpoint".into()))
                })),
        );
        config.route("/assets/{name}", web::get().to(assets::show_asset));
        config.service(
            web::scope("/images")
                .wrap(DefaultHeaders::new().add((header::CACHE_CONTROL, "public, max-age=86400")))
                .service(Files::new("", public.join("images"))),
        );
        config.route("/unsubscribe", web::get().to(unsubscribe::unsubscribe));
        config.route("/healthz", web::get().to(operations::show_health));
        config.route("/readyz", web::get().to(operations::show_readiness));
        config.route("/metrics", web::get().to(operations::show_metrics));
        config.route("/sitemap.xml", web::get().to(seo::show_sitemap));
        config.route("/robots.txt", web::get().to(seo::show_robots));
        for &(alias, target) in redirects::ALIASES {
            config.route(
                alias,
                web::get().to(move |request: HttpRequest| async move {
                    redirects::moved_permanently(&request, target)
                }),
            );
        }
        // Every other GET is a page; the UI's router decides which, including 404.
        config.default_service(web::get().to(pages::render_page));
    }
}
