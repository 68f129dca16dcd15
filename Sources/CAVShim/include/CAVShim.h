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
/// Sets the default layout for `channels` channels (1 = mono) on a codec context or a frame.
void cf_av_set_channels_ctx(AVCodecContext *ctx, int channels);
void cf_av_set_channels_frame(AVFrame *frame, int channels);
int cf_av_ctx_channels(AVCodecContext *ctx);
int cf_av_par_channels(AVCodecParameters *par);

/// A resampler from the decoder's layout/rate/format to interleaved float stereo at out_rate.
/// Free with swr_free.
SwrContext *cf_av_swr_to_stereo_float(AVCodecContext *in, int out_rate);
int cf_av_swr_convert(SwrContext *swr, float *out, int out_count, AVFrame *in);
int cf_av_swr_flush(SwrContext *swr, float *out, int out_count);

/// A mono resampler from (in_fmt, in_rate) to (out_fmt, out_rate), both packed. Free with swr_free.
SwrContext *cf_av_swr_mono(enum AVSampleFormat in_fmt, int in_rate, enum AVSampleFormat out_fmt, int out_rate);
/// Converts `in_count` packed mono samples at `in` (NULL to flush) into at most `out_count` at `out`;
/// returns the number written or a negative AVERROR.
int cf_av_swr_convert_mono(SwrContext *swr, uint8_t *out, int out_count, const uint8_t *in, int in_count);

/// Writes the header with the mp3 muxer's ID3v2.3 tag (its default is v2.4, which fewer players read).
int cf_av_write_header_id3v23(AVFormatContext *fmt);
/// Marks `stream` as a JPEG cover (attached picture, "Cover (front)") of width×height.
void cf_av_stream_set_cover(AVStream *stream, int width, int height);
/// Copies `size` bytes into a fresh packet buffer of `packet` (unref'd first) flagged as a keyframe.
int cf_av_packet_fill(AVPacket *packet, const uint8_t *data, int size, int stream_index);

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
