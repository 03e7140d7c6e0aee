#include "vips_shim.h"
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// libvips is opened with dlopen on the first poster, not linked. Linked, its ~95 shared libraries
// (GLib, cairo, poppler, OpenEXR, HDF5, …) were loaded and relocated at every start of sitegen:
// 10 ms of each run, most of which (demo builds, rebuilds, `serve`, --hotlink-posters) never
// touch an image. It also lets sitegen run where libvips is not installed, posters aside.
//
// So libvips's headers are not included: the few calls used are declared here from its stable
// ABI (soname libvips.so.42, 8.x), with images as opaque pointers. Its operations are variadic
// (name/value pairs ending in NULL); a variadic function pointer calls them correctly.
typedef struct VipsImage VipsImage;
typedef void (*sg_log_func)(const char *domain, int level, const char *message, void *data);

typedef struct {
    int (*init)(const char *argv0);
    unsigned (*log_set_handler)(const char *domain, int levels, sg_log_func func, void *data);
    void (*cache_set_max)(int max);
    void (*block_untrusted_set)(int state);
    const char *(*find_load_buffer)(const void *data, size_t size);
    void (*error)(const char *domain, const char *fmt, ...);
    const char *(*error_buffer)(void);
    void (*error_clear)(void);
    VipsImage *(*image_new_from_buffer)(const void *buf, size_t len, const char *options, ...);
    int (*image_get_width)(const VipsImage *image);
    int (*image_get_height)(const VipsImage *image);
    int (*thumbnail_buffer)(void *buf, size_t len, VipsImage **out, int width, ...);
    int (*webpsave_buffer)(VipsImage *in, void **buf, size_t *len, ...);
    int (*pngsave_buffer)(VipsImage *in, void **buf, size_t *len, ...);
    int (*jpegsave_buffer)(VipsImage *in, void **buf, size_t *len, ...);
    int (*xyz)(VipsImage **out, int width, int height, ...);
    int (*linear)(VipsImage *in, VipsImage **out, const double *a, const double *b, int n, ...);
    int (*extract_band)(VipsImage *in, VipsImage **out, int band, ...);
    int (*bandjoin)(VipsImage **in, VipsImage **out, int n, ...);
    int (*gaussnoise)(VipsImage **out, int width, int height, ...);
    int (*perlin)(VipsImage **out, int width, int height, ...);
    int (*worley)(VipsImage **out, int width, int height, ...);
    int (*extract_area)(VipsImage *in, VipsImage **out, int left, int top, int width, int height, ...);
    VipsImage *(*image_copy_memory)(VipsImage *image);
    int (*add)(VipsImage *left, VipsImage *right, VipsImage **out, ...);
    int (*cast)(VipsImage *in, VipsImage **out, int format, ...);
    int (*svgload_buffer)(void *buf, size_t len, VipsImage **out, ...);
    int (*flatten)(VipsImage *in, VipsImage **out, ...);
    int (*operation_block_set)(const char *name, int state);
    int (*image_get_bands)(const VipsImage *image);
    void *(*array_double_new)(const double *array, int n);
    void (*area_unref)(void *area);
    void (*object_ref)(void *object);
    void (*object_unref)(void *object);
    void (*free)(void *pointer);
} sg_calls;

// Filled once, by the first sg_vips_start that succeeds (Swift's one-time static initialiser
// calls it, so every later call happens after it).
static sg_calls vips;

// From libvips's and GLib's headers: VIPS_SIZE_DOWN, VIPS_MAX_COORD, VIPS_FORMAT_UCHAR, and every
// GLib log level and flag (G_LOG_LEVEL_MASK | G_LOG_FLAG_FATAL | G_LOG_FLAG_RECURSION).
enum { SG_SIZE_DOWN = 2, SG_MAX_COORD = 10000000, SG_FORMAT_UCHAR = 0, SG_ALL_LOG_LEVELS = -1 };

// A build prints one warning line per poster that fails; libvips's own GLib messages
// ("VIPS-WARNING: … Premature end of JPEG file") would repeat it on stderr in another voice.
static void sg_drop_log(const char *domain, int level, const char *message, void *data) {
    (void)domain; (void)level; (void)message; (void)data;
}

static int sg_start_locked(const char *library, const char *argv0, char *error, size_t error_size);

// One start at a time: the table is read only after a start returned 0 (Swift's one-time
// initialiser orders that), but a test may try another library while the real start runs.
int sg_vips_start(const char *library, const char *argv0, char *error, size_t error_size) {
    static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
    pthread_mutex_lock(&lock);
    int result = sg_start_locked(library, argv0, error, error_size);
    pthread_mutex_unlock(&lock);
    return result;
}

static int sg_start_locked(const char *library, const char *argv0, char *error, size_t error_size) {
    void *handle = dlopen(library, RTLD_NOW | RTLD_LOCAL);
    if (!handle) {
        snprintf(error, error_size, "%s", dlerror());
        return -1;
    }
    if (vips.init) return 0;
    // Resolved into a copy, so a library that lacks a call leaves nothing half set.
    sg_calls found = { 0 };
    struct { void **slot; const char *name; } calls[] = {
        { (void **)&found.log_set_handler, "g_log_set_handler" },
        { (void **)&found.cache_set_max, "vips_cache_set_max" },
        { (void **)&found.block_untrusted_set, "vips_block_untrusted_set" },
        { (void **)&found.find_load_buffer, "vips_foreign_find_load_buffer" },
        { (void **)&found.error, "vips_error" },
        { (void **)&found.error_buffer, "vips_error_buffer" },
        { (void **)&found.error_clear, "vips_error_clear" },
        { (void **)&found.image_new_from_buffer, "vips_image_new_from_buffer" },
        { (void **)&found.image_get_width, "vips_image_get_width" },
        { (void **)&found.image_get_height, "vips_image_get_height" },
        { (void **)&found.thumbnail_buffer, "vips_thumbnail_buffer" },
        { (void **)&found.webpsave_buffer, "vips_webpsave_buffer" },
        { (void **)&found.pngsave_buffer, "vips_pngsave_buffer" },
        { (void **)&found.jpegsave_buffer, "vips_jpegsave_buffer" },
        { (void **)&found.xyz, "vips_xyz" },
        { (void **)&found.linear, "vips_linear" },
        { (void **)&found.extract_band, "vips_extract_band" },
        { (void **)&found.bandjoin, "vips_bandjoin" },
        { (void **)&found.gaussnoise, "vips_gaussnoise" },
        { (void **)&found.perlin, "vips_perlin" },
        { (void **)&found.worley, "vips_worley" },
        { (void **)&found.extract_area, "vips_extract_area" },
        { (void **)&found.image_copy_memory, "vips_image_copy_memory" },
        { (void **)&found.add, "vips_add" },
        { (void **)&found.cast, "vips_cast" },
        { (void **)&found.svgload_buffer, "vips_svgload_buffer" },
        { (void **)&found.flatten, "vips_flatten" },
        { (void **)&found.operation_block_set, "vips_operation_block_set" },
        { (void **)&found.image_get_bands, "vips_image_get_bands" },
        { (void **)&found.array_double_new, "vips_array_double_new" },
        { (void **)&found.area_unref, "vips_area_unref" },
        { (void **)&found.object_ref, "g_object_ref" },
        { (void **)&found.object_unref, "g_object_unref" },
        { (void **)&found.free, "g_free" },
    };
    for (size_t i = 0; i < sizeof calls / sizeof calls[0]; i++) {
        *calls[i].slot = dlsym(handle, calls[i].name);
        if (!*calls[i].slot) {
            // vips_block_untrusted_set is the newest (libvips 8.13); older libraries stop here.
            snprintf(error, error_size, "%s has no %s (libvips 8.13 or later is needed)", library, calls[i].name);
            return -1;
        }
    }
    int (*init)(const char *) = (int (*)(const char *))dlsym(handle, "vips_init");
    if (!init || init(argv0 ? argv0 : "sitegen")) {
        const char *reason = found.error_buffer();
        snprintf(error, error_size, "libvips did not start: %s", reason && *reason ? reason : "no reason given");
        return -1;
    }
    found.init = init;
    vips = found;
    vips.log_set_handler("VIPS", SG_ALL_LOG_LEVELS, sg_drop_log, NULL);
    // No operation cache: every call decodes its own bytes, and memory stays flat over a long build.
    vips.cache_set_max(0);
    // Poster bytes come from whatever host image search found: the loaders libvips itself marks
    // untrusted (ImageMagick, PDF, SVG, JPEG 2000, …) are never offered them.
    vips.block_untrusted_set(1);
    // Share cards are SVG that sitegen itself drew from its templates (every network string escaped):
    // the SVG loader is let back in for them alone. Posters still never reach it (sg_allowed).
    vips.operation_block_set("VipsForeignLoadSvgBuffer", 0);
    return 0;
}

// Only the formats posters come in. The loader is chosen by sniffing the bytes, so without this an
// SVG or PDF crafted to render slowly would reach a decoder with a large attack surface and no
// time limit.
static int sg_allowed(const void *data, size_t length) {
    const char *loader = vips.find_load_buffer(data, length);
    if (!loader) return 0;
    // Class names, as vips_foreign_find_load_buffer gives them (libpng or libspng for PNG, and
    // libnsgif or giflib for GIF, depending on how libvips was built).
    static const char *const allowed[] = {
        "VipsForeignLoadJpegBuffer", "VipsForeignLoadPngBuffer", "VipsForeignLoadSpngBuffer",
        "VipsForeignLoadWebpBuffer", "VipsForeignLoadNsgifBuffer", "VipsForeignLoadGifBuffer", NULL
    };
    for (int i = 0; allowed[i]; i++) if (strcmp(loader, allowed[i]) == 0) return 1;
    vips.error("sitegen", "%s images are not accepted as posters", loader);
    return 0;
}

int sg_vips_size(const void *data, size_t length, int *width, int *height) {
    if (!sg_allowed(data, length)) return -1;
    VipsImage *image = vips.image_new_from_buffer(data, length, "", NULL);
    if (!image) return -1;
    *width = vips.image_get_width(image);
    *height = vips.image_get_height(image);
    vips.object_unref(image);
    return 0;
}

int sg_vips_webp(const void *data, size_t length, int width, int quality,
                 void **out, size_t *out_length, int *out_width, int *out_height) {
    if (!sg_allowed(data, length)) return -1;
    VipsImage *thumb = NULL;
    // Height unbounded, so width alone decides; fail_on=truncated makes a cut-off file an error
    // instead of a poster with a grey bottom half.
    if (vips.thumbnail_buffer((void *)data, length, &thumb, width, "height", (int)SG_MAX_COORD,
                              "size", (int)SG_SIZE_DOWN, "option_string", "fail_on=truncated", NULL)) return -1;
    int result = vips.webpsave_buffer(thumb, out, out_length, "Q", quality, "strip", 1, NULL);
    if (result == 0) {
        *out_width = vips.image_get_width(thumb);
        *out_height = vips.image_get_height(thumb);
    }
    vips.object_unref(thumb);
    return result;
}

int sg_vips_test_image(int width, int height, int noise, int png, void **out, size_t *out_length) {
    VipsImage *x = NULL, *y = NULL, *g = NULL, *rgb = NULL, *img = NULL, *final = NULL;
    int result = -1;
    if (vips.xyz(&x, width, height, NULL)) goto done;
    // Channel 0 = x, 1 = y; scale both to 0..255 and add a third for colour.
    double scale[2] = { 255.0 / (width > 1 ? width - 1 : 1), 255.0 / (height > 1 ? height - 1 : 1) };
    double zero[2] = { 0, 0 };
    if (vips.linear(x, &y, scale, zero, 2, NULL)) goto done;
    VipsImage *bands[2] = { y, NULL };
    if (vips.extract_band(y, &bands[1], 0, "n", 1, NULL)) goto done;
    VipsImage *join[3] = { y, bands[1], NULL };
    if (vips.bandjoin(join, &rgb, 2, NULL)) { vips.object_unref(bands[1]); goto done; }
    vips.object_unref(bands[1]);
    if (noise) {
        if (vips.gaussnoise(&g, width, height, "sigma", 80.0, "mean", 0.0, NULL)) goto done;
        if (vips.add(rgb, g, &img, NULL)) goto done;
    } else {
        img = rgb; vips.object_ref(img);
    }
    if (vips.cast(img, &final, SG_FORMAT_UCHAR, NULL)) goto done;
    result = png ? vips.pngsave_buffer(final, out, out_length, "compression", 1, NULL)
                 : vips.jpegsave_buffer(final, out, out_length, "Q", 90, NULL);
done:
    if (x) vips.object_unref(x);
    if (y) vips.object_unref(y);
    if (g) vips.object_unref(g);
    if (rgb) vips.object_unref(rgb);
    if (img) vips.object_unref(img);
    if (final) vips.object_unref(final);
    return result;
}

// Photographs for the stand-in. Noise fields mixed as a photograph's content is: broad colour
// areas (Perlin noise at three scales, one per band), shapes with edges (Worley cells), fine
// texture (Perlin at 10 px) and film grain (Gaussian noise), so JPEG compresses it about as it
// does a photo, where a gradient alone compresses to almost nothing. Drawing the fields takes
// libvips over a second for one poster, so they are drawn once, larger than a poster (the
// "bank"), and each poster is cut from them at offsets and in colours of its own: about 0.1 s.
typedef struct {
    int width, height;  // of a poster; the fields are SG_BANK_MARGIN larger each way
    VipsImage *field[7];  // three colour fields, cells, texture, grain, detail: uchar, in memory
} sg_photo_bank;

enum { SG_BANK_MARGIN = 512 };

void sg_vips_photo_bank_free(void *pointer) {
    sg_photo_bank *bank = pointer;
    if (!bank) return;
    for (int i = 0; i < 7; i++) if (bank->field[i]) vips.object_unref(bank->field[i]);
    free(bank);
}

// One field as uchar pixels in memory: `made` scaled by a and b, cast, copied.
static VipsImage *sg_bank_field(VipsImage *made, double a, double b) {
    VipsImage *scaled = NULL, *cast = NULL, *memory = NULL;
    if (made && !vips.linear(made, &scaled, &a, &b, 1, NULL) && !vips.cast(scaled, &cast, SG_FORMAT_UCHAR, NULL))
        memory = vips.image_copy_memory(cast);
    if (made) vips.object_unref(made);
    if (scaled) vips.object_unref(scaled);
    if (cast) vips.object_unref(cast);
    return memory;
}

void *sg_vips_photo_bank(int width, int height) {
    sg_photo_bank *bank = calloc(1, sizeof *bank);
    if (!bank) return NULL;
    bank->width = width;
    bank->height = height;
    int w = width + SG_BANK_MARGIN, h = height + SG_BANK_MARGIN;
    int cells[3] = { 140, 220, 60 };
    VipsImage *made;
    for (int band = 0; band < 3; band++) {
        made = NULL;
        if (vips.perlin(&made, w, h, "cell_size", cells[band], "seed", 11 + band, NULL)) made = NULL;
        // Perlin noise lies in about -1..1.
        if (!(bank->field[band] = sg_bank_field(made, 127.5, 127.5))) goto failed;
    }
    made = NULL;
    if (vips.worley(&made, w, h, "cell_size", 150, "seed", 14, NULL)) made = NULL;
    // Worley noise is the distance to the nearest of the cells' points, 0 to about a cell.
    if (!(bank->field[3] = sg_bank_field(made, 255.0 / 150, 0))) goto failed;
    made = NULL;
    if (vips.perlin(&made, w, h, "cell_size", 10, "seed", 15, NULL)) made = NULL;
    if (!(bank->field[4] = sg_bank_field(made, 127.5, 127.5))) goto failed;
    made = NULL;
    if (vips.gaussnoise(&made, w, h, "sigma", 30.0, "mean", 128.0, "seed", 16, NULL)) made = NULL;
    if (!(bank->field[5] = sg_bank_field(made, 1, 0))) goto failed;
    made = NULL;
    if (vips.perlin(&made, w, h, "cell_size", 28, "seed", 17, NULL)) made = NULL;
    if (!(bank->field[6] = sg_bank_field(made, 127.5, 127.5))) goto failed;
    return bank;
failed:
    sg_vips_photo_bank_free(bank);
    return NULL;
}

int sg_vips_photo(void *pointer, unsigned seed, void **out, size_t *out_length) {
    sg_photo_bank *bank = pointer;
    enum { N = 18 };
    VipsImage *t[N] = { 0 };
    int result = -1;
    unsigned s = seed;
    // Each field cut at an offset of its own (a new hash of the seed for each), so no two seeds
    // share a picture; then a palette of the seed's: each band's contrast and brightness.
    for (int i = 0; i < 7; i++) {
        s = s * 2654435761u + 0x9E3779B9u;
        s ^= s >> 15;
        int x = (int)(s % SG_BANK_MARGIN), y = (int)((s >> 9) % SG_BANK_MARGIN);
        if (vips.extract_area(bank->field[i], &t[i], x, y, bank->width, bank->height, NULL)) goto done;
    }
    s ^= seed * 40503u;
    // A colour field u (0..255) becomes base + gain * (u / 127.5 - 1).
    double gain[3], offset[3];
    for (int band = 0; band < 3; band++) {
        gain[band] = 60 + (double)((s >> (band * 3)) % 8) * 8;
        double base = 70 + (double)((s >> (9 + band * 4)) % 10) * 11;
        offset[band] = base - gain[band];
        gain[band] /= 127.5;
    }
    // The cells darken by up to 100; the detail, the texture and the grain add about ±50, ±35
    // and ±7 (sigma): detail at every scale, as a photograph has, so that its JPEG (about 190 KB)
    // and its four WebP copies (about 124 KB) weigh as a photograph's do.
    double cells[1] = { -0.4 }, zero[1] = { 0 };
    double detail[2] = { 0.4, -51 }, texture[2] = { 0.27, -34.4 }, grain[2] = { 0.25, -32 };
    if (vips.bandjoin(t, &t[7], 3, NULL)) goto done;
    if (vips.linear(t[7], &t[8], gain, offset, 3, NULL)) goto done;
    if (vips.linear(t[3], &t[9], cells, zero, 1, NULL)) goto done;
    if (vips.linear(t[4], &t[10], &texture[0], &texture[1], 1, NULL)) goto done;
    if (vips.linear(t[5], &t[11], &grain[0], &grain[1], 1, NULL)) goto done;
    if (vips.linear(t[6], &t[12], &detail[0], &detail[1], 1, NULL)) goto done;
    if (vips.add(t[8], t[9], &t[13], NULL)) goto done;
    if (vips.add(t[13], t[10], &t[14], NULL)) goto done;
    if (vips.add(t[14], t[11], &t[15], NULL)) goto done;
    if (vips.add(t[15], t[12], &t[16], NULL)) goto done;
    if (vips.cast(t[16], &t[17], SG_FORMAT_UCHAR, NULL)) goto done;
    result = vips.jpegsave_buffer(t[17], out, out_length, "Q", 85, "strip", 1, NULL);
done:
    for (int i = 0; i < N; i++) if (t[i]) vips.object_unref(t[i]);
    return result;
}

int sg_vips_jpeg(const void *data, size_t length, int width, int quality, void **out, size_t *out_length) {
    if (!sg_allowed(data, length)) return -1;
    VipsImage *thumb = NULL;
    if (vips.thumbnail_buffer((void *)data, length, &thumb, width, "height", (int)SG_MAX_COORD,
                              "size", (int)SG_SIZE_DOWN, NULL)) return -1;
    VipsImage *flat = NULL;
    int result = -1;
    if (vips.image_get_bands(thumb) == 4 || vips.image_get_bands(thumb) == 2) {
        double white[3] = { 255, 255, 255 };
        void *background = vips.array_double_new(white, 3);
        int failed = vips.flatten(thumb, &flat, "background", background, NULL);
        vips.area_unref(background);
        if (failed) goto done;
    } else {
        flat = thumb; vips.object_ref(flat);
    }
    result = vips.jpegsave_buffer(flat, out, out_length, "Q", quality, "strip", 1, NULL);
done:
    if (flat) vips.object_unref(flat);
    vips.object_unref(thumb);
    return result;
}

int sg_vips_svg_card(const void *svg, size_t length, int width, int height, int format, void **out, size_t *out_length) {
    VipsImage *image = NULL, *flat = NULL;
    int result = -1;
    if (vips.svgload_buffer((void *)svg, length, &image, NULL)) return -1;
    if (vips.image_get_width(image) != width || vips.image_get_height(image) != height) {
        vips.error("sitegen", "the card is %dx%d, not %dx%d", vips.image_get_width(image),
                   vips.image_get_height(image), width, height);
        goto done;
    }
    // No transparency: chat apps draw a transparent card on their own background, dark or light.
    // Flattened onto white, as a browser shows an SVG with no background of its own.
    double white[3] = { 255, 255, 255 };
    void *background = vips.array_double_new(white, 3);
    int failed = vips.flatten(image, &flat, "background", background, NULL);
    vips.area_unref(background);
    if (failed) goto done;
    // A card of text on a few flat colours is a 16-colour PNG (libimagequant): anti-aliased
    // text needs no more levels than that at the sizes chat apps show cards, and it is a third
    // of the bytes of full colour (27 KB against 72). Undithered, so flat areas stay flat.
    // A card with a poster on it is a JPEG: a photo in 16 colours is a poster no more, and a
    // palette of 256 with dithering is larger than the JPEG. Kakao reads only PNG and JPEG.
    // Icons (format 2) keep full colour: they are few, and their gradients would band.
    if (format == 1)
        result = vips.jpegsave_buffer(flat, out, out_length, "Q", 82, "optimize_coding", 1, "strip", 1, NULL);
    else if (format == 2)
        result = vips.pngsave_buffer(flat, out, out_length, "compression", 6, "strip", 1, NULL);
    else
        result = vips.pngsave_buffer(flat, out, out_length, "compression", 9, "palette", 1, "bitdepth", 4,
                                     "dither", 0.0, "effort", 1, "strip", 1, NULL);
done:
    if (image) vips.object_unref(image);
    if (flat) vips.object_unref(flat);
    return result;
}

char *sg_vips_take_error(void) {
    const char *text = vips.error_buffer();
    char *copy = strdup(text ? text : "");
    vips.error_clear();
    return copy;
}

void sg_vips_free(void *pointer) { vips.free(pointer); }
