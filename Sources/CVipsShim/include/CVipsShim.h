#ifndef CF_VIPS_SHIM_H
#define CF_VIPS_SHIM_H
// Plain, non-variadic wrappers over the libvips calls FactoryImaging needs.
//
// Ownership: every `VipsImage **out` receives a new reference that the caller owns and releases
// with cf_vips_unref(). Functions return 0 on success and -1 on failure; the failure text is then
// read with cf_vips_error_copy(). Memory returned as `void *` is owned by the caller and released
// with cf_vips_free(). No caller text is ever used as a printf format.
#include <stddef.h>
#include <vips/vips.h>

int cf_vips_init(const char *argv0);
void cf_vips_block_untrusted(int block);
/// Blocks or allows one operation class (and its subclasses) by name, e.g. "VipsForeignLoadSvg".
void cf_vips_operation_block(const char *name, int block);
/// Returns the error buffer (caller frees with cf_vips_free) and clears it.
char *cf_vips_error_copy(void);
void cf_vips_free(void *p);
void cf_vips_unref(VipsImage *image);
void cf_vips_cache_limits(int max_ops, size_t max_mem);
int cf_vips_cache_max(void);
/// Drops every cached operation and hands freed heap pages back to the system.
void cf_vips_release_memory(void);
/// Caps glibc's malloc arenas (process-wide; call before threads start).
void cf_vips_limit_malloc_arenas(int arenas);
/// Turns transparent huge pages off or on for this process and the processes it starts
/// (prctl PR_SET_THP_DISABLE); returns 0 on success. `cf_vips_huge_pages_disabled` reads it back (1, 0, or -1).
int cf_vips_disable_huge_pages(int disable);
int cf_vips_huge_pages_disabled(void);
/// Serves every allocation of at least `bytes` with its own mapping, returned on free, and stops
/// glibc raising that threshold as large blocks are freed (process-wide).
void cf_vips_fix_mmap_threshold(int bytes);
/// The bytes glibc's malloc holds in mappings of their own (mallinfo2's hblkhd).
size_t cf_vips_mapped_heap_bytes(void);
/// The free bytes within malloc's arenas (mallinfo2's fordblks).
size_t cf_vips_free_heap_bytes(void);
/// Returns freed heap pages to the system (malloc_trim); needs no libvips start-up.
void cf_vips_trim_heap(void);
/// Unmaps this process's clean pages of read-only file mappings (program and library code and
/// constants: those without a private copy of any page), so they stop counting in its resident
/// set; they stay in the page cache and come back on the next touch. Mappings that are writable,
/// shared, or hold private copies (relocated data) are left alone. Returns the KiB unmapped.
long cf_vips_release_clean_file_pages(void);

int cf_vips_width(VipsImage *image);
int cf_vips_height(VipsImage *image);
int cf_vips_bands(VipsImage *image);
int cf_vips_format(VipsImage *image);
int cf_vips_interpretation(VipsImage *image);

int cf_vips_load_file(const char *path, VipsImage **out);
/// Like cf_vips_load_file, but uncached, and decoding fails on truncated or damaged data (caller owns *out).
int cf_vips_load_file_strict(const char *path, VipsImage **out);
int cf_vips_load_buffer(const void *data, size_t length, VipsImage **out);
/// Copies `data` (w*h*bands uchar pixels, interleaved) into a new image.
int cf_vips_from_memory(const void *data, size_t length, int width, int height, int bands, VipsImage **out);
/// Renders the image and returns its uchar pixels (caller frees with cf_vips_free).
void *cf_vips_to_memory(VipsImage *image, size_t *length);

int cf_vips_save_jpeg(VipsImage *image, const char *path, int quality);
int cf_vips_save_png(VipsImage *image, const char *path);
/// Encodes to a buffer (caller frees with cf_vips_free).
int cf_vips_save_jpeg_buffer(VipsImage *image, int quality, void **data, size_t *length);
int cf_vips_save_png_buffer(VipsImage *image, void **data, size_t *length);
/// WebP, lossless when `lossless` is non-zero (then `quality` is the effort of the compressor).
int cf_vips_save_webp_buffer(VipsImage *image, int lossless, int quality, void **data, size_t *length);

int cf_vips_resize(VipsImage *in, VipsImage **out, double hscale, double vscale);
/// Resizes to cover width x height, then crops the most interesting region (attention).
int cf_vips_thumbnail_cover(VipsImage *in, VipsImage **out, int width, int height);
/// Loads `path` already shrunk to at most `width` wide (JPEG shrink-on-load: never the full
/// picture in memory); *out is the caller's.
int cf_vips_thumbnail_file(const char *path, VipsImage **out, int width);
int cf_vips_smartcrop(VipsImage *in, VipsImage **out, int width, int height);
int cf_vips_extract(VipsImage *in, VipsImage **out, int left, int top, int width, int height);
int cf_vips_embed(VipsImage *in, VipsImage **out, int x, int y, int width, int height);
int cf_vips_gaussblur(VipsImage *in, VipsImage **out, double sigma);
int cf_vips_linear(VipsImage *in, VipsImage **out, const double *a, const double *b, int n);
/// Multiplies each pixel's three bands by a row-major 3x3 matrix.
int cf_vips_recomb3(VipsImage *in, VipsImage **out, const double *matrix);
int cf_vips_cast_uchar(VipsImage *in, VipsImage **out);
int cf_vips_colourspace(VipsImage *in, VipsImage **out, int space);
int cf_vips_extract_bands(VipsImage *in, VipsImage **out, int band, int n);
int cf_vips_bandjoin2(VipsImage *a, VipsImage *b, VipsImage **out);
int cf_vips_bandjoin_const1(VipsImage *in, VipsImage **out, double value);
int cf_vips_flatten(VipsImage *in, VipsImage **out, double r, double g, double b);
/// Blends in[1..n-1] over in[0] in one pass (mode OVER), each at (xs[i-1], ys[i-1]).
int cf_vips_composite_over_many(VipsImage **in, int n, VipsImage **out, const int *xs, const int *ys);
int cf_vips_gaussnoise(VipsImage **out, int width, int height, double mean, double sigma);
/// Adds two images (a one-band image is added to every band of the other).
int cf_vips_add(VipsImage *a, VipsImage *b, VipsImage **out);
int cf_vips_copy_memory(VipsImage *in, VipsImage **out);

/// Renders Pango markup. width <= 0: no wrapping; height > 0: the dpi is searched so the text
/// fits width x height (autofit), and the chosen dpi is written to *autofit_dpi.
/// align: 0 left, 1 centre, 2 right. rgba != 0 gives an RGBA image with colour emoji.
int cf_vips_text(VipsImage **out, const char *markup, const char *font, const char *fontfile,
                 int width, int height, int align, int justify, int dpi, int spacing, int rgba,
                 int *autofit_dpi);
int cf_vips_svg(const char *svg, size_t length, double scale, VipsImage **out);

#endif
