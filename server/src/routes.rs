//! Every URL the server answers, in one table read top to bottom.
//!
//! An address that can be read answers GET and HEAD (actix-http sends no body
//! for HEAD); any other method on a known address is a 405 naming the
//! methods it allows, rather than a 404 that would say the address is wrong.

use actix_files::Files;
use actix_governor::Governor;
use actix_web::http::{header, Method};
use actix_web::middleware::DefaultHeaders;
use actix_web::{guard, web, FromRequest, Handler, HttpRequest, HttpResponse, Resource, Responder};

use crate::config::AssetSettings;
use crate::error::{AppError, AppResult};
use crate::handlers::{
    api, assets, forms, operations, pages, payments, redirects, seo, unsubscribe,
};
use crate::rate_limit::FormLimits;
use crate::state::AppState;

/// What an address that can be read allows.
const READ_METHODS: &str = "GET, HEAD";

fn is_read(method: &Method) -> bool {
    method == Method::GET || method == Method::HEAD
}

/// An address answering GET and HEAD with `handler`.
fn readable<F, Args>(path: &str, handler: F) -> Resource
where
    F: Handler<Args>,
    Args: FromRequest + 'static,
    F::Output: Responder + 'static,
{
    web::resource(path)
        .route(
            web::route()
                .guard(guard::Any(guard::Get()).or(guard::Head()))
                .to(handler),
        )
        .default_service(web::to(|| not_allowed(READ_METHODS)))
}

/// An address answering POST with `handler`.
fn postable<F, Args>(path: &str, handler: F) -> Resource
where
    F: Handler<Args>,
    Args: FromRequest + 'static,
    F::Output: Responder + 'static,
{
    web::resource(path)
        .route(web::post().to(handler))
        .default_service(web::to(|| not_allowed("POST")))
}

async fn not_allowed(allowed: &'static str) -> AppResult<HttpResponse> {
    Err(AppError::MethodNotAllowed(allowed))
}

/// Every other address is a page; the UI's router decides which, including 404.
async fn page(request: HttpRequest, state: web::Data<AppState>) -> AppResult<HttpResponse> {
    if !is_read(request.method()) {
        return not_allowed(READ_METHODS).await;
    }
    pages::render_page(request, state).await
}

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
                .service(readable("/openapi.json", api::openapi::show_openapi))
                .service(readable("/businesses", api::businesses::list_businesses))
                .service(readable(
                    "/businesses/featured",
                    api::businesses::list_featured_businesses,
                ))
                .service(readable(
                    "/businesses/{slug}",
                    api::businesses::show_business,
                ))
                .service(readable("/categories", api::categories::list_categories))
                .service(readable(
                    "/categories/{slug}",
                    api::categories::show_category,
                ))
                .service(readable("/events", api::events::list_events))
                .service(readable(
                    "/events/upcoming",
                    api::events::list_upcoming_events,
                ))
                .service(readable("/articles", api::articles::list_articles))
                .service(readable("/articles/{slug}", api::articles::show_article))
                .service(readable("/banners", api::banners::list_banners))
                .service(
                    postable("/newsletter/subscribe", forms::newsletter::subscribe)
                        .wrap(Governor::new(&form_limits.newsletter)),
                )
                .service(
                    postable("/contact", forms::contact::create_contact_message)
                        .wrap(Governor::new(&form_limits.contact)),
                )
                .service(
                    postable(
                        "/create-payment-intent",
                        payments::create_payment_intent::create_payment_intent,
                    )
                    .wrap(Governor::new(&form_limits.payment_intent)),
                )
                .service(
                    postable(
                        "/business-listing-confirmation",
                        payments::business_listing_confirmation::confirm_business_listing,
                    )
                    .wrap(Governor::new(&form_limits.listing_confirmation)),
                )
                // Stripe calls from its servers: no Origin check or visitor rate limit;
                // the signature is the check. Events are small; 256 KiB is generous.
                .service(
                    postable(
                        "/stripe/webhook",
                        payments::stripe_webhook::receive_stripe_event,
                    )
                    .app_data(web::PayloadConfig::new(256 * 1024)),
                )
                .default_service(web::to(|| async {
                    Err::<HttpResponse, _>(AppError::NotFound("No such API endpoint".into()))
                })),
        );
        config.service(readable("/assets/{name}", assets::show_asset));
        config.service(
            web::scope("/images")
                .wrap(DefaultHeaders::new().add((header::CACHE_CONTROL, "public, max-age=86400")))
                .service(Files::new("", public.join("images"))),
        );
        config.service(readable("/unsubscribe", unsubscribe::unsubscribe));
        config.service(readable("/healthz", operations::show_health));
        config.service(readable("/readyz", operations::show_readiness));
        config.service(readable("/metrics", operations::show_metrics));
        config.service(readable("/sitemap.xml", seo::show_sitemap));
        config.service(readable("/robots.txt", seo::show_robots));
        for &(alias, target) in redirects::ALIASES {
            config.service(readable(alias, move |request: HttpRequest| async move {
                redirects::moved_permanently(&request, target)
            }));
        }
        config.default_service(web::to(page));
    }
}
