// libvips (Debian's libvips-dev, which brings libheif for a phone's HEIC), for thumbnails.
//
// The few functions used are declared here, as <vips/vips.h> declares them, instead of
// including it: that header includes glib's, whose folders only pkg-config knows, and
// pkg-config's flags for them carry -pthread, which SwiftPM refuses with a warning on every
// build. These are libvips's stable C API (8.x); `VipsImage` is only ever a pointer here.
#include <stddef.h>

typedef struct _VipsImage VipsImage;

int vips_init(const char *argv0);
const char *vips_error_buffer(void);
char *vips_error_buffer_copy(void);
void vips_error_clear(void);
int vips_thumbnail(const char *filename, VipsImage **out, int width, ...);
int vips_jpegsave_buffer(VipsImage *in, void **buf, size_t *len, ...);
int vips_thumbnail_buffer(void *buf, size_t len, VipsImage **out, int width, ...);
int vips_pngsave_buffer(VipsImage *in, void **buf, size_t *len, ...);
void g_object_unref(void *object);
void g_free(void *memory);

// VipsSize's VIPS_SIZE_DOWN: shrink only, never enlarge.
#define INVENTORY_VIPS_SIZE_DOWN 2

// Operations take their options as C varargs, which Swift cannot call: each one used is
// wrapped here with its options fixed.

// Shrinks the image in the file at `path` to fit `width` × `height` (never enlarging it),
// turned upright by its EXIF orientation; a HEIC, PNG or WebP file as well as a JPEG.
static inline int inventory_vips_thumbnail(
    const char *path, VipsImage **out, int width, int height) {
    return vips_thumbnail(
        path, out, width, "height", height, "size", INVENTORY_VIPS_SIZE_DOWN, (void *)0);
}

// Writes `image` as a progressive JPEG of `quality` into a buffer the caller frees with
// g_free, without any of its metadata (EXIF, GPS, XMP, ICC): what is shown or shared tells no
// place.
static inline int inventory_vips_jpeg(
    VipsImage *image, void **buffer, size_t *length, int quality) {
    return vips_jpegsave_buffer(image, buffer, length, "Q", quality, "strip", 1,
        "optimize_coding", 1, "interlace", 1, (void *)0);
}

// Draws the picture in `data` (an SVG: librsvg, through libvips) `size` pixels wide as a PNG
// into a buffer the caller frees with g_free: the app's icons, from one drawing.
static inline int inventory_vips_png(
    const void *data, size_t length, int size, void **buffer, size_t *out) {
    VipsImage *image = (void *)0;
    if (vips_thumbnail_buffer((void *)data, length, &image, size, "height", size, (void *)0))
        return -1;
    int result = vips_pngsave_buffer(image, buffer, out, (void *)0);
    g_object_unref(image);
    return result;
}
