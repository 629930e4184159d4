// The few libvips operations the guide uses. libvips takes its options as variadic
// arguments, which Swift cannot call, so each is wrapped here with fixed arguments.
#include <vips/vips.h>

#include "log.h"

/// Starts libvips; returns the handle of the log capture (`log.h`), or NULL.
static inline void *expo_vips_init(void) {
    void *log = expo_log_install();
    if (!log || VIPS_INIT("expo1900")) return NULL;
    // Images are processed one per thread, several at once: vips's own threads and its
    // operation cache would only hold memory.
    vips_concurrency_set(1);
    vips_cache_set_max(0);
    vips_cache_set_max_mem(0);
    // No loader a catalog image does not need: PDF (poppler), ImageMagick, FITS, Matlab and
    // the rest are refused even when called by name. SVG is marked untrusted too, but an SVG
    // reaches it only after SVGSanitizer has written it out again as plain SVG.
    vips_block_untrusted_set(TRUE);
    vips_operation_block_set("VipsForeignLoadSvg", FALSE);
    return log;
}

// Each format is read by its own loader, never by vips's guess from the bytes.
enum expo_format { EXPO_PNG, EXPO_JPEG, EXPO_WEBP, EXPO_GIF, EXPO_TIFF, EXPO_HEIF, EXPO_SVG };

/// The image's header only (no pixels decoded yet), read by the format's loader.
static inline int expo_vips_header(enum expo_format format, const void *buf, size_t len, VipsImage **out) {
    void *data = (void *) buf;
    switch (format) {
    case EXPO_PNG: return vips_pngload_buffer(data, len, out, "fail_on", VIPS_FAIL_ON_ERROR, NULL);
    case EXPO_JPEG: return vips_jpegload_buffer(data, len, out, "fail_on", VIPS_FAIL_ON_ERROR, NULL);
    case EXPO_WEBP: return vips_webpload_buffer(data, len, out, "fail_on", VIPS_FAIL_ON_ERROR, NULL);
    case EXPO_GIF: return vips_gifload_buffer(data, len, out, "fail_on", VIPS_FAIL_ON_ERROR, NULL);
    case EXPO_TIFF: return vips_tiffload_buffer(data, len, out, "fail_on", VIPS_FAIL_ON_ERROR, NULL);
    case EXPO_HEIF: return vips_heifload_buffer(data, len, out, "fail_on", VIPS_FAIL_ON_ERROR, NULL);
    case EXPO_SVG: return vips_svgload_buffer(data, len, out, "fail_on", VIPS_FAIL_ON_ERROR, NULL);
    }
    vips_error("expo1900", "no loader for format %d", (int) format);
    return -1;
}

/// The class of the loader vips would pick for these bytes (`VipsForeignLoadPngBuffer`);
/// blocked loaders are never picked.
static inline const char *expo_vips_loader(const void *buf, size_t len) {
    return vips_foreign_find_load_buffer(buf, len);
}

/// The image's pixels computed on the calling thread, a strip at a time, into memory.
/// vips's sinks compute on worker threads of their own, where a decoder's warning could
/// not be told from another image's; here the decoders and librsvg run on the caller's.
static inline int expo_vips_compute_here(VipsImage *in, VipsImage **out) {
    VipsImage *memory = vips_image_new_memory();
    if (vips_image_pipelinev(memory, VIPS_DEMAND_STYLE_THINSTRIP, in, NULL)) {
        g_object_unref(memory);
        return -1;
    }
    VipsRegion *region = vips_region_new(in);
    // As tall as the strips vips's own sinks would compute for this image.
    int tile_width, tile_height, strip;
    vips_get_tile_size(in, &tile_width, &tile_height, &strip);
    if (strip < 1) strip = 16;
    int status = 0;
    for (int top = 0; top < in->Ysize && !status; top += strip) {
        VipsRect rect = { 0, top, in->Xsize, VIPS_MIN(strip, in->Ysize - top) };
        status = vips_region_prepare(region, &rect);
        for (int y = 0; y < rect.height && !status; y++)
            status = vips_image_write_line(memory, top + y, VIPS_REGION_ADDR(region, 0, top + y));
    }
    g_object_unref(region);
    if (status) {
        g_object_unref(memory);
        return -1;
    }
    *out = memory;
    return 0;
}

/// Decoded, upright (EXIF orientation applied), in sRGB, at most `width` pixels wide and
/// never enlarged; a truncated or corrupt file fails rather than giving a partial image.
static inline int expo_vips_thumbnail(const void *buf, size_t len, int width, VipsImage **out) {
    return vips_thumbnail_buffer((void *) buf, len, out, width, "height", VIPS_MAX_COORD,
                                 "size", VIPS_SIZE_DOWN, "option_string", "fail_on=error", NULL);
}

// A vector drawn at `width`, larger than its own size if need be (SVG has no pixels to lose).
static inline int expo_vips_render_vector(const void *buf, size_t len, int width, VipsImage **out) {
    return vips_thumbnail_buffer((void *) buf, len, out, width, "height", VIPS_MAX_COORD,
                                 "size", VIPS_SIZE_BOTH, "option_string", "fail_on=error", NULL);
}

// Transparent parts over white, for formats without alpha (JPEG).
static inline int expo_vips_flatten_white(VipsImage *in, VipsImage **out) {
    double white[3] = {255, 255, 255};
    VipsArrayDouble *background = vips_array_double_new(white, 3);
    int status = vips_flatten(in, out, "background", background, NULL);
    vips_area_unref(VIPS_AREA(background));
    return status;
}

static inline int expo_vips_resize(VipsImage *in, double scale, VipsImage **out) {
    return vips_resize(in, out, scale, NULL);
}

static void *expo_strip_field(VipsImage *image, const char *field, GValue *value, void *names) {
    static const char *prefixes[] = { "exif-", "xmp-", "iptc-", "icc-", "gps", "heif-", "png-comment", "orientation", NULL };
    for (int i = 0; prefixes[i]; i++) {
        if (g_str_has_prefix(field, prefixes[i])) { g_ptr_array_add((GPtrArray *) names, g_strdup(field)); break; }
    }
    return NULL;
}

/// A copy in memory, computed on this thread, with every metadata field removed: EXIF (GPS
/// included), XMP, IPTC, the ICC profile (the pixels are sRGB by then) and comments.
/// Savers' `strip` alone leaves EXIF in HEIF files on libvips 8.14.
static inline int expo_vips_copy_memory(VipsImage *in, VipsImage **out) {
    VipsImage *copy;
    if (expo_vips_compute_here(in, &copy)) return -1;
    GPtrArray *names = g_ptr_array_new_with_free_func(g_free);
    vips_image_map(copy, expo_strip_field, names);
    for (guint i = 0; i < names->len; i++) vips_image_remove(copy, g_ptr_array_index(names, i));
    g_ptr_array_free(names, TRUE);
    *out = copy;
    return 0;
}

/// The lowest value of band `band` (the alpha channel's lowest opacity).
static inline int expo_vips_band_min(VipsImage *in, int band, double *out) {
    VipsImage *extracted;
    if (vips_extract_band(in, &extracted, band, NULL)) return -1;
    int result = vips_min(extracted, out, NULL);
    g_object_unref(extracted);
    return result;
}

static inline int expo_vips_band_avg(VipsImage *in, int band, double *out) {
    VipsImage *extracted;
    if (vips_extract_band(in, &extracted, band, NULL)) return -1;
    int result = vips_avg(extracted, out, NULL);
    g_object_unref(extracted);
    return result;
}

/// The first `bands` bands (drops an alpha channel that is opaque everywhere).
static inline int expo_vips_first_bands(VipsImage *in, int bands, VipsImage **out) {
    return vips_extract_band(in, out, 0, "n", bands, NULL);
}

static inline int expo_vips_cast_uchar(VipsImage *in, VipsImage **out) {
    return vips_cast(in, out, VIPS_FORMAT_UCHAR, NULL);
}

// Savers: every one strips metadata (EXIF, GPS, XMP, IPTC, ICC: the pixels are sRGB).
static inline int expo_vips_save_jpeg(VipsImage *in, int quality, void **buf, size_t *len) {
    return vips_jpegsave_buffer(in, buf, len, "Q", quality, "strip", TRUE, "optimize_coding", TRUE,
                                "interlace", TRUE, NULL);
}

static inline int expo_vips_save_png(VipsImage *in, void **buf, size_t *len) {
    return vips_pngsave_buffer(in, buf, len, "compression", 9, "strip", TRUE, NULL);
}

static inline int expo_vips_save_webp(VipsImage *in, int quality, void **buf, size_t *len) {
    return vips_webpsave_buffer(in, buf, len, "Q", quality, "strip", TRUE, "effort", 4, NULL);
}

static inline int expo_vips_save_avif(VipsImage *in, int quality, int effort, void **buf, size_t *len) {
    return vips_heifsave_buffer(in, buf, len, "Q", quality, "strip", TRUE, "effort", effort,
                                "compression", VIPS_FOREIGN_HEIF_COMPRESSION_AV1, NULL);
}

/// A photo cut into IIIF Image API 3 level 0 tiles in the folder `name` (which must not
/// exist): upright and in sRGB at its full size, transparency over white, squares of
/// `tile_size` pixels without overlap, JPEG at `quality` without metadata, at every halving
/// down to the one where the whole photo fits one tile. Read and written a strip at a
/// time: a 300-megapixel photo is never held whole. `longest` is the original's longer
/// side, so that the thumbnail step only turns and converts it.
static inline int expo_vips_save_tiles(const void *buf, size_t len, int longest, const char *name, int tile_size, int quality) {
    VipsImage *image;
    if (vips_thumbnail_buffer((void *) buf, len, &image, longest, "height", longest,
                              "size", VIPS_SIZE_DOWN, "option_string", "fail_on=error", NULL)) return -1;
    if (vips_image_hasalpha(image)) {
        VipsImage *flat;
        if (expo_vips_flatten_white(image, &flat)) { g_object_unref(image); return -1; }
        g_object_unref(image);
        image = flat;
    }
    if (vips_image_get_format(image) != VIPS_FORMAT_UCHAR) {
        VipsImage *eight;
        if (vips_cast(image, &eight, VIPS_FORMAT_UCHAR, NULL)) { g_object_unref(image); return -1; }
        g_object_unref(image);
        image = eight;
    }
    char suffix[64];
    snprintf(suffix, sizeof suffix, ".jpg[Q=%d,strip,optimize_coding]", quality);
    int status = vips_dzsave(image, name, "layout", VIPS_FOREIGN_DZ_LAYOUT_IIIF3, "tile_size", tile_size,
                             "overlap", 0, "depth", VIPS_FOREIGN_DZ_DEPTH_ONETILE, "suffix", suffix, NULL);
    g_object_unref(image);
    return status;
}

/// SHA-256 of a buffer as hex (glib's, already linked through vips); free with g_free.
static inline char *expo_sha256(const void *buf, size_t len) {
    return g_compute_checksum_for_data(G_CHECKSUM_SHA256, (const guchar *) buf, len);
}

/// SHA-256 of `buf` followed by `tail`, as the hash of the two joined: a cache key of a
/// 100 MB original and its settings without a copy of the original to join them.
static inline char *expo_sha256_joined(const void *buf, size_t len, const void *tail, size_t tail_len) {
    GChecksum *checksum = g_checksum_new(G_CHECKSUM_SHA256);
    g_checksum_update(checksum, (const guchar *) buf, len);
    g_checksum_update(checksum, (const guchar *) tail, tail_len);
    char *hex = g_strdup(g_checksum_get_string(checksum));
    g_checksum_free(checksum);
    return hex;
}

/// The pixel at (x, y), band by band, into `values` (at most `capacity` of them).
static inline int expo_vips_pixel(VipsImage *in, int x, int y, double *values, int capacity) {
    double *vector;
    int n;
    if (vips_getpoint(in, &vector, &n, x, y, NULL)) return -1;
    for (int i = 0; i < n && i < capacity; i++) values[i] = vector[i];
    g_free(vector);
    return n < capacity ? n : capacity;
}

static inline void expo_vips_unref(VipsImage *image) { g_object_unref(image); }
