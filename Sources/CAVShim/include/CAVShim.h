#ifndef CF_AV_SHIM_H
#define CF_AV_SHIM_H
// Plain functions over the libav macros and struct arrays FactoryMedia needs.
//
// Ownership: pointers returned by *_alloc functions are owned by the caller and released with the
// matching libav free function named in the comment. Plane pointers returned by cf_av_frame_data
// are borrowed from the frame and live as long as the frame's buffer. No caller text is ever used
// as a printf format.
#include <stdint.h>
#include <libavformat/avformat.h>
#include <libavcodec/avcodec.h>
#include <libswscale/swscale.h>
#include <libswresample/swresample.h>

int cf_av_error_eagain(void);
int cf_av_error_eof(void);
int64_t cf_av_nopts(void);
/// Writes a readable message for rc into buf (always NUL-terminated).
void cf_av_strerror(int rc, char *buf, size_t size);
void cf_av_quiet_logs(void);

uint8_t *cf_av_frame_data(AVFrame *frame, int plane);
int cf_av_frame_linesize(AVFrame *frame, int plane);
/// Points plane `plane` of `frame` at caller-owned memory (no copy; the frame must not own buffers).
void cf_av_frame_set_plane(AVFrame *frame, int plane, uint8_t *data, int linesize);

/// Sets a stereo channel layout on a codec context or a frame.
void cf_av_set_stereo_ctx(AVCodecContext *ctx);
void cf_av_set_stereo_frame(AVFrame *frame);
int cf_av_ctx_channels(AVCodecContext *ctx);
int cf_av_par_channels(AVCodecParameters *par);

/// A resampler from the decoder's layout/rate/format to interleaved float stereo at out_rate.
/// Free with swr_free.
SwrContext *cf_av_swr_to_stereo_float(AVCodecContext *in, int out_rate);
int cf_av_swr_convert(SwrContext *swr, float *out, int out_count, AVFrame *in);
int cf_av_swr_flush(SwrContext *swr, float *out, int out_count);

/// Sets the stream's frame rate facts and copies the codec parameters from the encoder.
int cf_av_stream_from_encoder(AVStream *stream, AVCodecContext *enc);
/// 1 when the container needs codec extradata in the header (MP4 does).
int cf_av_format_wants_global_header(AVFormatContext *fmt);
int cf_av_format_open_io(AVFormatContext *fmt, const char *path);
void cf_av_format_close_io(AVFormatContext *fmt);
/// Writes the header with +faststart (moov atom moved to the front at the trailer).
int cf_av_write_header_faststart(AVFormatContext *fmt);

AVStream *cf_av_stream(AVFormatContext *fmt, unsigned index);

/// Crops `src` (any software pixel format) to the rectangle (x, y, w, h) of its own pixels and
/// scales that into caller-owned yuv420p planes of dst_w×dst_h (strides dst_w and dst_w / 2),
/// BT.709 limited range. `src` is not modified; x and y are rounded down to the chroma grid.
/// `*ctx` caches the scaler between calls: NULL at first, replaced when the source changes, owned
/// by the caller (free with sws_freeContext). Returns 0 or a negative AVERROR.
int cf_av_scale_crop_yuv420p(struct SwsContext **ctx, const AVFrame *src, int x, int y, int w, int h,
                             uint8_t *dst_y, uint8_t *dst_u, uint8_t *dst_v, int dst_w, int dst_h);

#endif
