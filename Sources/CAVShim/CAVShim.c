#include "CAVShim.h"
#include <libavutil/opt.h>
#include <libavutil/channel_layout.h>
#include <libavutil/pixdesc.h>
#include <errno.h>
#include <string.h>

int cf_av_error_eagain(void) { return AVERROR(EAGAIN); }
int cf_av_error_eof(void) { return AVERROR_EOF; }
int64_t cf_av_nopts(void) { return AV_NOPTS_VALUE; }
void cf_av_strerror(int rc, char *buf, size_t size) {
    if (size == 0) return;
    if (av_strerror(rc, buf, size) < 0) snprintf(buf, size, "libav error %d", rc);
    buf[size - 1] = 0;
}
void cf_av_quiet_logs(void) { av_log_set_level(AV_LOG_ERROR); }

uint8_t *cf_av_frame_data(AVFrame *frame, int plane) { return frame->data[plane]; }
int cf_av_frame_linesize(AVFrame *frame, int plane) { return frame->linesize[plane]; }
void cf_av_frame_set_plane(AVFrame *frame, int plane, uint8_t *data, int linesize) {
    frame->data[plane] = data;
    frame->linesize[plane] = linesize;
}

void cf_av_set_stereo_ctx(AVCodecContext *ctx) {
    AVChannelLayout stereo = AV_CHANNEL_LAYOUT_STEREO;
    av_channel_layout_uninit(&ctx->ch_layout);
    av_channel_layout_copy(&ctx->ch_layout, &stereo);
}
void cf_av_set_stereo_frame(AVFrame *frame) {
    AVChannelLayout stereo = AV_CHANNEL_LAYOUT_STEREO;
    av_channel_layout_uninit(&frame->ch_layout);
    av_channel_layout_copy(&frame->ch_layout, &stereo);
}
void cf_av_set_channels_ctx(AVCodecContext *ctx, int channels) {
    av_channel_layout_uninit(&ctx->ch_layout);
    av_channel_layout_default(&ctx->ch_layout, channels);
}
void cf_av_set_channels_frame(AVFrame *frame, int channels) {
    av_channel_layout_uninit(&frame->ch_layout);
    av_channel_layout_default(&frame->ch_layout, channels);
}
int cf_av_ctx_channels(AVCodecContext *ctx) { return ctx->ch_layout.nb_channels; }
int cf_av_par_channels(AVCodecParameters *par) { return par->ch_layout.nb_channels; }

SwrContext *cf_av_swr_to_stereo_float(AVCodecContext *in, int out_rate) {
    SwrContext *swr = NULL;
    AVChannelLayout stereo = AV_CHANNEL_LAYOUT_STEREO;
    AVChannelLayout in_layout;
    if (in->ch_layout.order == AV_CHANNEL_ORDER_UNSPEC || in->ch_layout.nb_channels == 0) {
        av_channel_layout_default(&in_layout, in->ch_layout.nb_channels > 0 ? in->ch_layout.nb_channels : 2);
    } else {
        av_channel_layout_copy(&in_layout, &in->ch_layout);
    }
    int rc = swr_alloc_set_opts2(&swr, &stereo, AV_SAMPLE_FMT_FLT, out_rate,
                                 &in_layout, in->sample_fmt, in->sample_rate, 0, NULL);
    int mono = in_layout.nb_channels == 1;
    av_channel_layout_uninit(&in_layout);
    if (rc < 0 || !swr) return NULL;
    // Mono is a centre channel to libswresample, spread at -3 dB per side; a mono song should
    // play at its own level in both speakers, so give it a unit matrix instead.
    if (mono) {
        double unit[2] = { 1.0, 1.0 };
        if (swr_set_matrix(swr, unit, 1) < 0) { swr_free(&swr); return NULL; }
    }
    if (swr_init(swr) < 0) { swr_free(&swr); return NULL; }
    return swr;
}
int cf_av_swr_convert(SwrContext *swr, float *out, int out_count, AVFrame *in) {
    uint8_t *outs[1] = { (uint8_t *)out };
    return swr_convert(swr, outs, out_count, (const uint8_t **)in->extended_data, in->nb_samples);
}
int cf_av_swr_flush(SwrContext *swr, float *out, int out_count) {
    uint8_t *outs[1] = { (uint8_t *)out };
    return swr_convert(swr, outs, out_count, NULL, 0);
}

SwrContext *cf_av_swr_mono(enum AVSampleFormat in_fmt, int in_rate, enum AVSampleFormat out_fmt, int out_rate) {
    SwrContext *swr = NULL;
    AVChannelLayout mono = AV_CHANNEL_LAYOUT_MONO;
    if (swr_alloc_set_opts2(&swr, &mono, out_fmt, out_rate, &mono, in_fmt, in_rate, 0, NULL) < 0 || !swr) return NULL;
    if (swr_init(swr) < 0) { swr_free(&swr); return NULL; }
    return swr;
}
int cf_av_swr_convert_mono(SwrContext *swr, uint8_t *out, int out_count, const uint8_t *in, int in_count) {
    uint8_t *outs[1] = { out };
    const uint8_t *ins[1] = { in };
    return swr_convert(swr, outs, out_count, in ? ins : NULL, in ? in_count : 0);
}

int cf_av_write_header_id3v23(AVFormatContext *fmt) {
    AVDictionary *opts = NULL;
    av_dict_set(&opts, "id3v2_version", "3", 0);
    int rc = avformat_write_header(fmt, &opts);
    av_dict_free(&opts);
    return rc;
}
void cf_av_stream_set_cover(AVStream *stream, int width, int height) {
    stream->disposition |= AV_DISPOSITION_ATTACHED_PIC;
    stream->codecpar->codec_type = AVMEDIA_TYPE_VIDEO;
    stream->codecpar->codec_id = AV_CODEC_ID_MJPEG;
    stream->codecpar->width = width;
    stream->codecpar->height = height;
    stream->time_base = (AVRational){ 1, 90000 };
    av_dict_set(&stream->metadata, "title", "Cover", 0);
    av_dict_set(&stream->metadata, "comment", "Cover (front)", 0);
}
int cf_av_packet_fill(AVPacket *packet, const uint8_t *data, int size, int stream_index) {
    av_packet_unref(packet);
    int rc = av_new_packet(packet, size);
    if (rc < 0) return rc;
    memcpy(packet->data, data, (size_t)size);
    packet->stream_index = stream_index;
    packet->flags |= AV_PKT_FLAG_KEY;
    return 0;
}

int cf_av_stream_from_encoder(AVStream *stream, AVCodecContext *enc) {
    stream->time_base = enc->time_base;
    if (enc->codec_type == AVMEDIA_TYPE_VIDEO) {
        stream->avg_frame_rate = enc->framerate;
        stream->r_frame_rate = enc->framerate;
    }
    return avcodec_parameters_from_context(stream->codecpar, enc);
}
int cf_av_format_wants_global_header(AVFormatContext *fmt) {
    return (fmt->oformat->flags & AVFMT_GLOBALHEADER) ? 1 : 0;
}
int cf_av_format_open_io(AVFormatContext *fmt, const char *path) {
    if (fmt->oformat->flags & AVFMT_NOFILE) return 0;
    return avio_open(&fmt->pb, path, AVIO_FLAG_WRITE);
}
void cf_av_format_close_io(AVFormatContext *fmt) {
    if (fmt && !(fmt->oformat->flags & AVFMT_NOFILE)) avio_closep(&fmt->pb);
}
int cf_av_write_header_faststart(AVFormatContext *fmt) {
    AVDictionary *opts = NULL;
    av_dict_set(&opts, "movflags", "+faststart", 0);
    int rc = avformat_write_header(fmt, &opts);
    av_dict_free(&opts);
    return rc;
}
AVStream *cf_av_stream(AVFormatContext *fmt, unsigned index) {
    return index < fmt->nb_streams ? fmt->streams[index] : NULL;
}

int cf_av_scale_crop_yuv420p(struct SwsContext **ctx, const AVFrame *src, int x, int y, int w, int h,
                             uint8_t *dst_y, uint8_t *dst_u, uint8_t *dst_v, int dst_w, int dst_h) {
    const AVPixFmtDescriptor *desc = av_pix_fmt_desc_get(src->format);
    if (!desc || (desc->flags & (AV_PIX_FMT_FLAG_HWACCEL | AV_PIX_FMT_FLAG_BITSTREAM))) return AVERROR(ENOSYS);
    x &= ~((1 << desc->log2_chroma_w) - 1);
    y &= ~((1 << desc->log2_chroma_h) - 1);
    if (x < 0 || y < 0 || w < 1 || h < 1 || x + w > src->width || y + h > src->height) return AVERROR(EINVAL);
    // The crop is a view: each plane starts further in, as av_frame_apply_cropping computes it.
    const uint8_t *planes[4] = { NULL, NULL, NULL, NULL };
    int strides[4] = { 0, 0, 0, 0 };
    for (int i = 0; i < 4 && src->data[i]; i++) {
        strides[i] = src->linesize[i];
        if ((desc->flags & AV_PIX_FMT_FLAG_PAL) && i == 1) { planes[i] = src->data[i]; continue; }
        const AVComponentDescriptor *comp = NULL;
        for (int j = 0; j < desc->nb_components; j++) {
            if (desc->comp[j].plane == i) { comp = &desc->comp[j]; break; }
        }
        if (!comp) return AVERROR_BUG;
        int chroma = i == 1 || i == 2;
        int sx = chroma ? desc->log2_chroma_w : 0, sy = chroma ? desc->log2_chroma_h : 0;
        planes[i] = src->data[i] + (ptrdiff_t)(y >> sy) * src->linesize[i] + (ptrdiff_t)(x >> sx) * comp->step;
    }
    *ctx = sws_getCachedContext(*ctx, w, h, src->format, dst_w, dst_h, AV_PIX_FMT_YUV420P,
                                SWS_BICUBIC, NULL, NULL, NULL);
    if (!*ctx) return AVERROR(ENOMEM);
    int full = src->color_range == AVCOL_RANGE_JPEG || src->format == AV_PIX_FMT_YUVJ420P
        || src->format == AV_PIX_FMT_YUVJ422P || src->format == AV_PIX_FMT_YUVJ444P;
    // Best effort: libswscale refuses some pairs, and then keeps its defaults.
    sws_setColorspaceDetails(*ctx, sws_getCoefficients(src->colorspace), full,
                             sws_getCoefficients(SWS_CS_ITU709), 0, 0, 1 << 16, 1 << 16);
    uint8_t *dst[4] = { dst_y, dst_u, dst_v, NULL };
    int dst_strides[4] = { dst_w, dst_w / 2, dst_w / 2, 0 };
    int rows = sws_scale(*ctx, planes, strides, 0, h, dst, dst_strides);
    return rows == dst_h ? 0 : (rows < 0 ? rows : AVERROR(EINVAL));
}
