//! Every URL the server answers, in one table read top to bottom.
//!
//! An address that can be read answers GET and HEAD (actix-http sends no body
//! for HEAD); any other method on a known address is a 405 naming the
//! methods it allows, rather than a 404 that would say the address is wrong.

use actix_files::Files;
use actix_governor::Governor;
use actix_web::body::MessageBody;
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::header::HeaderValue;
use actix_web::http::{header, Method, StatusCode};
use actix_web::middleware::{from_fn, DefaultHeaders, Next};
use actix_web::{guard, web, FromRequest, Handler, HttpRequest, HttpResponse, Resource, Responder};

use crate::config::AssetSettings;
use crate::error::{AppError, AppResult};
use crate::handlers::{
    api, assets, forms, operations, pages, payments, redirects, seo, unsubscribe,
};
use crate::rate_limit::FormLimits;
use crate::state::AppState;
use Methods::{Post, Read, ReadAndPost};

/// The methods a known address answers; any other is a 405 naming them.
#[derive(Clone, Copy)]
enum Methods {
    /// GET and HEAD.
    Read,
    Post,
    /// GET, HEAD and POST: a page that asks, and the answer.
    ReadAndPost,
}

impl Methods {
    fn allows(self, method: &Method) -> bool {
        match self {
            Self::Read => method == Method::GET || method == Method::HEAD,
            Self::Post => method == Method::POST,
            Self::ReadAndPost => Self::Read.allows(method) || Self::Post.allows(method),
        }
    }

    fn allow_header(self) -> &'static str {
        match self {
            Self::Read => "GET, HEAD",
            Self::Post => "POST",
            Self::ReadAndPost => "GET, HEAD, POST",
        }
    }
}

/// An address answering `methods` with `handler`.
fn address<F, Args>(path: &str, methods: Methods, handler: F) -> Resource
where
    F: Handler<Args>,
    Args: FromRequest + 'static,
    F::Output: Responder + 'static,
{
    web::resource(path)
        .route(
            web::route()
                .guard(guard::fn_guard(move |context| {
                    methods.allows(&context.head().method)
                }))
                .to(handler),
        )
        .default_service(web::to(move || not_allowed(methods)))
}

async fn not_allowed(methods: Methods) -> AppResult<HttpResponse> {
    Err(AppError::MethodNotAllowed(methods.allow_header()))
}

/// A day for an image; none for a missing one, which may be added any moment.
async fn cache_found_images_for_a_day(
    request: ServiceRequest,
    next: Next<impl MessageBody>,
) -> Result<ServiceResponse<impl MessageBody>, actix_web::Error> {
    let mut response = next.call(request).await?;
    let found = response.status().is_success() || response.status() == StatusCode::NOT_MODIFIED;
    let policy = if found {
        "public, max-age=86400"
    } else {
        "no-cache"
    };
    response
        .headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static(policy));
    Ok(response)
}

/// The compression middleware encodes pictures drawn as text (SVG) under the
/// file's `ETag`, which then stands for more than one body: only a weak one may.
async fn weaken_image_validators(
    request: ServiceRequest,
    next: Next<impl MessageBody>,
) -> Result<ServiceResponse<impl MessageBody>, actix_web::Error> {
    let mut response = next.call(request).await?;
    let headers = response.headers_mut();
    let weak = headers
        .get(header::ETAG)
        .and_then(|etag| etag.to_str().ok())
        .filter(|etag| etag.starts_with('"'))
        .and_then(|etag| HeaderValue::from_str(&format!("W/{etag}")).ok());
    if let Some(weak) = weak {
        headers.insert(header::ETAG, weak);
    }
    Ok(response)
}

/// actix-files answers `Range` whatever `If-Range` says, so a picture replaced
/// under the same name could be resumed from parts of both files. The whole
/// picture is always right, and no conditional range could match anyway: an
/// `If-Range` may not name a weak `ETag` (RFC 9110, 13.1.5), which is all
/// pictures carry, and a date cannot tell two files written in one second apart.
async fn send_whole_pictures_to_conditional_ranges(
    mut request: ServiceRequest,
    next: Next<impl MessageBody>,
) -> Result<ServiceResponse<impl MessageBody>, actix_web::Error> {
    if request.headers().contains_key(header::IF_RANGE) {
        request.headers_mut().remove(header::RANGE);
    }
    next.call(request).await
}

/// Every other address is a page; the UI's router decides which, including 404.
async fn page(request: HttpRequest, state: web::Data<AppState>) -> AppResult<HttpResponse> {
    if !Read.allows(request.method()) {
        return not_allowed(Read).await;
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
                // Answers change with every write; caches must ask each time.
                .wrap(DefaultHeaders::new().add((header::CACHE_CONTROL, "no-cache")))
                .service(address("/openapi.json", Read, api::openapi::show_openapi))
                .service(address(
                    "/businesses",
                    Read,
                    api::businesses::list_businesses,
                ))
                .service(address(
                    "/businesses/featured",
                    Read,
                    api::businesses::list_featured_businesses,
                ))
                .service(address(
                    "/businesses/{slug}",
                    Read,
                    api::businesses::show_business,
                ))
                .service(address(
                    "/categories",
                    Read,
                    api::categories::list_categories,
                ))
                .service(address(
                    "/categories/{slug}",
                    Read,
                    api::categories::show_category,
                ))
                .service(address("/events", Read, api::events::list_events))
                .service(address(
                    "/events/upcoming",
                    Read,
                    api::events::list_upcoming_events,
                ))
                .service(address("/articles", Read, api::articles::list_articles))
                .service(address(
                    "/articles/{slug}",
                    Read,
                    api::articles::show_article,
                ))
                .service(address("/banners", Read, api::banners::list_banners))
                .service(
                    address("/newsletter/subscribe", Post, forms::newsletter::subscribe)
                        .wrap(Governor::new(&form_limits.newsletter)),
                )
                .service(
                    address("/contact", Post, forms::contact::create_contact_message)
                        .wrap(Governor::new(&form_limits.contact)),
                )
                .service(
                    address(
                        "/create-payment-intent",
                        Post,
                        payments::create_payment_intent::create_payment_intent,
                    )
                    .wrap(Governor::new(&form_limits.payment_intent)),
                )
                .service(
                    address(
                        "/business-listing-confirmation",
                        Post,
                        payments::business_listing_confirmation::confirm_business_listing,
                    )
                    .wrap(Governor::new(&form_limits.listing_confirmation)),
                )
                // Stripe calls from its servers: no Origin check or visitor rate limit;
                // the signature is the check.
                .service(address(
                    "/stripe/webhook",
                    Post,
                    payments::stripe_webhook::receive_stripe_event,
                ))
                .default_service(web::to(|| async {
                    Err::<HttpResponse, _>(AppError::NotFound("No such API endpoint".into()))
                })),
        );
        config.service(address("/assets/{name}", Read, assets::show_asset));
        config.service(
            web::scope("/images")
                .wrap(from_fn(cache_found_images_for_a_day))
                .wrap(from_fn(weaken_image_validators))
                .wrap(from_fn(send_whole_pictures_to_conditional_ranges))
                .service(Files::new("", public.join("images"))),
        );
        config.service(address(
            "/unsubscribe",
            ReadAndPost,
            unsubscribe::unsubscribe,
        ));
        config.service(address("/healthz", Read, operations::show_health));
        config.service(address("/readyz", Read, operations::show_readiness));
        config.service(address("/metrics", Read, operations::show_metrics));
        config.service(address("/sitemap.xml", Read, seo::show_sitemap));
        config.service(address("/robots.txt", Read, seo::show_robots));
        for &(alias, target) in redirects::ALIASES {
            config.service(address(
                alias,
                Read,
                move |request: HttpRequest| async move {
                    redirects::moved_permanently(&request, target)
                },
            ));
        }
        config.default_service(web::to(page));
    }
}
