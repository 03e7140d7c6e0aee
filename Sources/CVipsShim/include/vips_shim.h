// Fixed-argument wrappers over libvips, whose own calls are variadic (Swift cannot call those).
// Plain C types only, so Swift never imports libvips's headers. libvips is loaded at run time.
#ifndef SITEGEN_VIPS_SHIM_H
#define SITEGEN_VIPS_SHIM_H
#include <stddef.h>

/// Loads `library` (libvips.so.42), starts libvips and keeps its GLib warnings off stderr; once
/// started, later calls change nothing. 0 on success; otherwise -1 and the reason in `error`.
/// Every other call needs a start that succeeded.
int sg_vips_start(const char *library, const char *argv0, char *error, size_t error_size);

/// Reads only the header: the image's size. 0 on success.
int sg_vips_size(const void *data, size_t length, int *width, int *height);

/// Decodes `data` (truncation is an error), shrinks it to `width` pixels wide (never enlarges,
/// keeps the aspect ratio, follows EXIF orientation) and encodes WebP at `quality`, metadata
/// stripped. `*out` is freed with sg_vips_free. 0 on success.
int sg_vips_webp(const void *data, size_t length, int width, int quality,
                 void **out, size_t *out_length, int *out_width, int *out_height);

/// A test image: a colour gradient, with `noise` added so it does not compress, as JPEG
/// (`png` 0) or PNG. `*out` is freed with sg_vips_free. 0 on success.
int sg_vips_test_image(int width, int height, int noise, int png, void **out, size_t *out_length);

/// Test photographs of `width`×`height`: draws the noise fields they are cut from (about a second),
/// for sg_vips_photo. NULL on failure; freed with sg_vips_photo_bank_free.
void *sg_vips_photo_bank(int width, int height);
void sg_vips_photo_bank_free(void *bank);

/// A photograph-like JPEG cut from `bank`'s fields: the same bytes for the same `seed`, another
/// picture for another. `*out` is freed with sg_vips_free. 0 on success.
int sg_vips_photo(void *bank, unsigned seed, void **out, size_t *out_length);

/// A poster (JPEG, PNG, WebP or GIF) shrunk to `width` pixels wide as JPEG, transparency flattened
/// onto white: the form an SVG card can embed (librsvg reads no WebP). 0 on success.
int sg_vips_jpeg(const void *data, size_t length, int width, int quality, void **out, size_t *out_length);

/// Rasterises an SVG that must declare `width`×`height` pixels, flattened: `format` 0 a 16-colour
/// PNG, 1 a JPEG (a card with a poster on it), 2 a full-colour PNG (icons). Text goes through Pango
/// and fontconfig, so the fonts installed are the fonts drawn. 0 on success.
int sg_vips_svg_card(const void *svg, size_t length, int width, int height, int format, void **out,
                     size_t *out_length);

/// libvips's error text since the last call (malloc'd, the caller frees it), then cleared.
char *sg_vips_take_error(void);

void sg_vips_free(void *pointer);
#endif
