#include "CVipsShim.h"
#include <string.h>
#include <malloc.h>
#include <stdio.h>
#include <sys/mman.h>
#include <sys/prctl.h>

int cf_vips_init(const char *argv0) { return VIPS_INIT(argv0); }
void cf_vips_block_untrusted(int block) { vips_block_untrusted_set(block ? TRUE : FALSE); }
void cf_vips_operation_block(const char *name, int block) { vips_operation_block_set(name, block ? TRUE : FALSE); }
char *cf_vips_error_copy(void) { return vips_error_buffer_copy(); }
void cf_vips_free(void *p) { g_free(p); }
void cf_vips_unref(VipsImage *image) { if (image) g_object_unref(image); }
void cf_vips_cache_limits(int max_ops, size_t max_mem) {
    vips_cache_set_max(max_ops);
    vips_cache_set_max_mem(max_mem);
}

int cf_vips_cache_max(void) { return vips_cache_get_max(); }

void cf_vips_release_memory(void) {
    // Shrinking the cache to nothing trims it (vips_cache_drop_all is for shutdown only).
    int max_ops = vips_cache_get_max();
    vips_cache_set_max(0);
    vips_cache_set_max(max_ops);
    malloc_trim(0);
}

void cf_vips_limit_malloc_arenas(int arenas) { mallopt(M_ARENA_MAX, arenas); }
int cf_vips_disable_huge_pages(int disable) { return prctl(PR_SET_THP_DISABLE, disable ? 1 : 0, 0, 0, 0); }
int cf_vips_huge_pages_disabled(void) { return prctl(PR_GET_THP_DISABLE, 0, 0, 0, 0); }
void cf_vips_fix_mmap_threshold(int bytes) { mallopt(M_MMAP_THRESHOLD, bytes); }
size_t cf_vips_mapped_heap_bytes(void) { return mallinfo2().hblkhd; }
size_t cf_vips_free_heap_bytes(void) { return mallinfo2().fordblks; }
void cf_vips_trim_heap(void) { malloc_trim(0); }

long cf_vips_release_clean_file_pages(void) {
    FILE *smaps = fopen("/proc/self/smaps", "r");
    if (!smaps) return 0;
    char line[4096];
    unsigned long start = 0, end = 0;
    char perms[8] = "";
    int candidate = 0;
    long rss = 0, released = 0;
    while (fgets(line, sizeof line, smaps)) {
        unsigned long a, b;
        char p[8], path[4096];
        path[0] = 0;
        if (sscanf(line, "%lx-%lx %7s %*s %*s %*s %4095s", &a, &b, p, path) >= 3) {
            start = a; end = b; memcpy(perms, p, sizeof perms);
            // Private, not writable, backed by a regular file (not [vdso], [stack], or anonymous).
            candidate = perms[1] != 'w' && perms[3] == 'p' && path[0] == '/';
            rss = 0;
            continue;
        }
        long kb;
        if (candidate && sscanf(line, "Rss: %ld kB", &kb) == 1) { rss = kb; continue; }
        // "Anonymous" counts private copies of pages in the mapping: dropping those would lose
        // their contents, so such a mapping is kept whole. It is the last field needed.
        if (candidate && sscanf(line, "Anonymous: %ld kB", &kb) == 1) {
            if (kb == 0 && rss > 0 && madvise((void *)start, end - start, MADV_DONTNEED) == 0) released += rss;
            candidate = 0;
        }
    }
    fclose(smaps);
    return released;
}

int cf_vips_width(VipsImage *image) { return vips_image_get_width(image); }
int cf_vips_height(VipsImage *image) { return vips_image_get_height(image); }
int cf_vips_bands(VipsImage *image) { return vips_image_get_bands(image); }
int cf_vips_format(VipsImage *image) { return (int)vips_image_get_format(image); }
int cf_vips_interpretation(VipsImage *image) { return (int)vips_image_get_interpretation(image); }

int cf_vips_load_file(const char *path, VipsImage **out) {
    *out = vips_image_new_from_file(path, NULL);
    return *out ? 0 : -1;
}
int cf_vips_load_file_strict(const char *path, VipsImage **out) {
    // Built by hand rather than through vips_image_new_from_file, whose operation cache would hand
    // back an image loaded earlier from the same path even if the file has changed since.
    *out = NULL;
    const char *loader = vips_foreign_find_load(path);
    if (!loader) return -1;
    VipsOperation *op = vips_operation_new(loader);
    if (!op) return -1;
    g_object_set(op, "filename", path, "fail_on", VIPS_FAIL_ON_TRUNCATED, NULL);
    if (vips_object_build(VIPS_OBJECT(op)) == 0) g_object_get(op, "out", out, NULL);
    vips_object_unref_outputs(VIPS_OBJECT(op));
    g_object_unref(op);
    return *out ? 0 : -1;
}
int cf_vips_load_buffer(const void *data, size_t length, VipsImage **out) {
    *out = vips_image_new_from_buffer(data, length, "", NULL);
    return *out ? 0 : -1;
}
int cf_vips_from_memory(const void *data, size_t length, int width, int height, int bands, VipsImage **out) {
    *out = vips_image_new_from_memory_copy(data, length, width, height, bands, VIPS_FORMAT_UCHAR);
    if (!*out) return -1;
    if (bands >= 3) (*out)->Type = VIPS_INTERPRETATION_sRGB;
    else (*out)->Type = VIPS_INTERPRETATION_B_W;
    return 0;
}
void *cf_vips_to_memory(VipsImage *image, size_t *length) { return vips_image_write_to_memory(image, length); }

int cf_vips_save_jpeg(VipsImage *image, const char *path, int quality) {
    return vips_jpegsave(image, path, "Q", quality, "strip", TRUE, "optimize_coding", TRUE, NULL);
}
int cf_vips_save_png(VipsImage *image, const char *path) {
    return vips_pngsave(image, path, "strip", TRUE, NULL);
}
int cf_vips_save_jpeg_buffer(VipsImage *image, int quality, void **data, size_t *length) {
    return vips_jpegsave_buffer(image, data, length, "Q", quality, "strip", TRUE, NULL);
}
int cf_vips_save_png_buffer(VipsImage *image, void **data, size_t *length) {
    return vips_pngsave_buffer(image, data, length, "strip", TRUE, NULL);
}
int cf_vips_save_webp_buffer(VipsImage *image, int lossless, int quality, void **data, size_t *length) {
    return vips_webpsave_buffer(image, data, length, "lossless", lossless ? TRUE : FALSE, "Q", quality, "strip", TRUE, NULL);
}

int cf_vips_resize(VipsImage *in, VipsImage **out, double hscale, double vscale) {
    return vips_resize(in, out, hscale, "vscale", vscale, NULL);
}
int cf_vips_thumbnail_cover(VipsImage *in, VipsImage **out, int width, int height) {
    return vips_thumbnail_image(in, out, width, "height", height, "size", VIPS_SIZE_BOTH,
                                "crop", VIPS_INTERESTING_ATTENTION, NULL);
}
int cf_vips_thumbnail_file(const char *path, VipsImage **out, int width) {
    return vips_thumbnail(path, out, width, "size", VIPS_SIZE_DOWN, NULL);
}
int cf_vips_smartcrop(VipsImage *in, VipsImage **out, int width, int height) {
    return vips_smartcrop(in, out, width, height, "interesting", VIPS_INTERESTING_ATTENTION, NULL);
}
int cf_vips_extract(VipsImage *in, VipsImage **out, int left, int top, int width, int height) {
    return vips_extract_area(in, out, left, top, width, height, NULL);
}
int cf_vips_embed(VipsImage *in, VipsImage **out, int x, int y, int width, int height) {
    return vips_embed(in, out, x, y, width, height, NULL);
}
int cf_vips_gaussblur(VipsImage *in, VipsImage **out, double sigma) {
    return vips_gaussblur(in, out, sigma, NULL);
}
int cf_vips_linear(VipsImage *in, VipsImage **out, const double *a, const double *b, int n) {
    return vips_linear(in, out, (double *)a, (double *)b, n, NULL);
}
int cf_vips_recomb3(VipsImage *in, VipsImage **out, const double *matrix) {
    VipsImage *m = vips_image_new_matrix_from_array(3, 3, matrix, 9);
    if (!m) return -1;
    int rc = vips_recomb(in, out, m, NULL);
    g_object_unref(m);
    return rc;
}
int cf_vips_cast_uchar(VipsImage *in, VipsImage **out) {
    return vips_cast(in, out, VIPS_FORMAT_UCHAR, NULL);
}
int cf_vips_colourspace(VipsImage *in, VipsImage **out, int space) {
    return vips_colourspace(in, out, (VipsInterpretation)space, NULL);
}
int cf_vips_extract_bands(VipsImage *in, VipsImage **out, int band, int n) {
    return vips_extract_band(in, out, band, "n", n, NULL);
}
int cf_vips_bandjoin2(VipsImage *a, VipsImage *b, VipsImage **out) { return vips_bandjoin2(a, b, out, NULL); }
int cf_vips_bandjoin_const1(VipsImage *in, VipsImage **out, double value) {
    return vips_bandjoin_const1(in, out, value, NULL);
}
int cf_vips_flatten(VipsImage *in, VipsImage **out, double r, double g, double b) {
    double bg[3] = { r, g, b };
    VipsArrayDouble *background = vips_array_double_new(bg, 3);
    int rc = vips_flatten(in, out, "background", background, NULL);
    vips_area_unref(VIPS_AREA(background));
    return rc;
}
int cf_vips_composite_over_many(VipsImage **in, int n, VipsImage **out, const int *xs, const int *ys) {
    if (n < 2) return -1;
    int *modes = g_new(int, n - 1);
    for (int i = 0; i < n - 1; i++) modes[i] = VIPS_BLEND_MODE_OVER;
    VipsArrayInt *ax = vips_array_int_new(xs, n - 1), *ay = vips_array_int_new(ys, n - 1);
    int rc = vips_composite(in, out, n, modes, "x", ax, "y", ay, NULL);
    vips_area_unref(VIPS_AREA(ax));
    vips_area_unref(VIPS_AREA(ay));
    g_free(modes);
    return rc;
}
int cf_vips_gaussnoise(VipsImage **out, int width, int height, double mean, double sigma) {
    return vips_gaussnoise(out, width, height, "mean", mean, "sigma", sigma, "seed", 0, NULL);
}
int cf_vips_add(VipsImage *a, VipsImage *b, VipsImage **out) { return vips_add(a, b, out, NULL); }
int cf_vips_copy_memory(VipsImage *in, VipsImage **out) {
    *out = vips_image_copy_memory(in);
    return *out ? 0 : -1;
}

int cf_vips_text(VipsImage **out, const char *markup, const char *font, const char *fontfile,
                 int width, int height, int align, int justify, int dpi, int spacing, int rgba,
                 int *autofit_dpi) {
    VipsOperation *op = vips_operation_new("text");
    if (!op) return -1;
    g_object_set(op, "text", markup, NULL);
    if (font && *font) g_object_set(op, "font", font, NULL);
    if (fontfile && *fontfile) g_object_set(op, "fontfile", fontfile, NULL);
    if (width > 0) g_object_set(op, "width", width, NULL);
    if (height > 0) g_object_set(op, "height", height, NULL);
    g_object_set(op, "align", (VipsAlign)align, "justify", justify ? TRUE : FALSE, NULL);
    if (dpi > 0 && height <= 0) g_object_set(op, "dpi", dpi, NULL);
    if (spacing > 0) g_object_set(op, "spacing", spacing, NULL);
    g_object_set(op, "rgba", rgba ? TRUE : FALSE, NULL);
    if (vips_cache_operation_buildp(&op)) {
        vips_object_unref_outputs(VIPS_OBJECT(op));
        g_object_unref(op);
        return -1;
    }
    VipsImage *result = NULL;
    int fitted = 0;
    g_object_get(op, "out", &result, NULL);
    if (height > 0) g_object_get(op, "autofit-dpi", &fitted, NULL);
    if (autofit_dpi) *autofit_dpi = fitted;
    vips_object_unref_outputs(VIPS_OBJECT(op));
    g_object_unref(op);
    *out = result;
    return result ? 0 : -1;
}

int cf_vips_svg(const char *svg, size_t length, double scale, VipsImage **out) {
    return vips_svgload_buffer((void *)svg, length, out, "scale", scale, "unlimited", TRUE, NULL);
}
