#include "vips_shim.h"
#include <stdlib.h>
#include <string.h>
#include <vips/vips.h>

// A build prints one warning line per poster that fails; libvips's own GLib messages
// ("VIPS-WARNING: … Premature end of JPEG file") would repeat it on stderr in another voice.
static void sg_drop_log(const gchar *domain, GLogLevelFlags level, const gchar *message, gpointer data) {
    (void)domain; (void)level; (void)message; (void)data;
}

int sg_vips_start(const char *argv0) {
    if (VIPS_INIT(argv0 ? argv0 : "sitegen")) return -1;
    g_log_set_handler("VIPS", G_LOG_LEVEL_MASK | G_LOG_FLAG_FATAL | G_LOG_FLAG_RECURSION, sg_drop_log, NULL);
    // No operation cache: every call decodes its own bytes, and memory stays flat over a long build.
    vips_cache_set_max(0);
    // Poster bytes come from whatever host image search found: the loaders libvips itself marks
    // untrusted (ImageMagick, PDF, SVG, JPEG 2000, …) are never offered them.
    vips_block_untrusted_set(TRUE);
    return 0;
}

// Only the formats posters come in. The loader is chosen by sniffing the bytes, so without this an
// SVG or PDF crafted to render slowly would reach a decoder with a large attack surface and no
// time limit.
static int sg_allowed(const void *data, size_t length) {
    const char *loader = vips_foreign_find_load_buffer(data, length);
    if (!loader) return 0;
    // Class names, as vips_foreign_find_load_buffer gives them (libpng or libspng for PNG, and
    // libnsgif or giflib for GIF, depending on how libvips was built).
    static const char *const allowed[] = {
        "VipsForeignLoadJpegBuffer", "VipsForeignLoadPngBuffer", "VipsForeignLoadSpngBuffer",
        "VipsForeignLoadWebpBuffer", "VipsForeignLoadNsgifBuffer", "VipsForeignLoadGifBuffer", NULL
    };
    for (int i = 0; allowed[i]; i++) if (strcmp(loader, allowed[i]) == 0) return 1;
    vips_error("sitegen", "%s images are not accepted as posters", loader);
    return 0;
}

int sg_vips_size(const void *data, size_t length, int *width, int *height) {
    if (!sg_allowed(data, length)) return -1;
    VipsImage *image = vips_image_new_from_buffer(data, length, "", NULL);
    if (!image) return -1;
    *width = vips_image_get_width(image);
    *height = vips_image_get_height(image);
    g_object_unref(image);
    return 0;
}

int sg_vips_webp(const void *data, size_t length, int width, int quality,
                 void **out, size_t *out_length, int *out_width, int *out_height) {
    if (!sg_allowed(data, length)) return -1;
    VipsImage *thumb = NULL;
    // Height unbounded, so width alone decides; fail_on=truncated makes a cut-off file an error
    // instead of a poster with a grey bottom half.
    if (vips_thumbnail_buffer((void *)data, length, &thumb, width, "height", VIPS_MAX_COORD,
                              "size", VIPS_SIZE_DOWN, "option_string", "fail_on=truncated", NULL)) return -1;
    int result = vips_webpsave_buffer(thumb, out, out_length, "Q", quality, "strip", TRUE, NULL);
    if (result == 0) {
        *out_width = vips_image_get_width(thumb);
        *out_height = vips_image_get_height(thumb);
    }
    g_object_unref(thumb);
    return result;
}

int sg_vips_test_image(int width, int height, int noise, int png, void **out, size_t *out_length) {
    VipsImage *x = NULL, *y = NULL, *g = NULL, *rgb = NULL, *img = NULL, *final = NULL;
    int result = -1;
    if (vips_xyz(&x, width, height, NULL)) goto done;
    // Channel 0 = x, 1 = y; scale both to 0..255 and add a third for colour.
    double scale[2] = { 255.0 / (width > 1 ? width - 1 : 1), 255.0 / (height > 1 ? height - 1 : 1) };
    double zero[2] = { 0, 0 };
    if (vips_linear(x, &y, scale, zero, 2, NULL)) goto done;
    VipsImage *bands[2] = { y, NULL };
    if (vips_extract_band(y, &bands[1], 0, "n", 1, NULL)) goto done;
    VipsImage *join[3] = { y, bands[1], NULL };
    if (vips_bandjoin(join, &rgb, 2, NULL)) { g_object_unref(bands[1]); goto done; }
    g_object_unref(bands[1]);
    if (noise) {
        if (vips_gaussnoise(&g, width, height, "sigma", 80.0, "mean", 0.0, NULL)) goto done;
        if (vips_add(rgb, g, &img, NULL)) goto done;
    } else {
        img = rgb; g_object_ref(img);
    }
    if (vips_cast(img, &final, VIPS_FORMAT_UCHAR, NULL)) goto done;
    result = png ? vips_pngsave_buffer(final, out, out_length, "compression", 1, NULL)
                 : vips_jpegsave_buffer(final, out, out_length, "Q", 90, NULL);
done:
    if (x) g_object_unref(x);
    if (y) g_object_unref(y);
    if (g) g_object_unref(g);
    if (rgb) g_object_unref(rgb);
    if (img) g_object_unref(img);
    if (final) g_object_unref(final);
    return result;
}

char *sg_vips_take_error(void) {
    const char *text = vips_error_buffer();
    char *copy = strdup(text ? text : "");
    vips_error_clear();
    return copy;
}

void sg_vips_free(void *pointer) { g_free(pointer); }
