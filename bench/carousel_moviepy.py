"""The recipe carousel of `factory-bench bench --only carousel`, written the way a MoviePy 2.x user would.

Three photos, each a Ken Burns clip (zoom 1.00 -> 1.08, pan 2 % of the width, the direction
alternating), 0.3 s crossfades, the hook line in Inter Bold 64 px white with a 4 px dark stroke,
centred in the safe zone for the whole 12 s; a silent AAC track; libx264 veryfast at 8 Mbit/s
(keyframe every 2 s, VBV 12 Mbit/s over 16 Mbit, as the factory's encoder).
The numbers mirror `Carousel` in Sources/FactoryCommands/BenchCarousel.swift.

Prints one line, like the factory's own bench children: "seconds peakRSSKiB", timed from loading
the JPEGs to the finished MP4 (the import of MoviePy itself is not counted).

    python carousel_moviepy.py --images a.jpg,b.jpg,c.jpg --hook TEXT --font Inter-Bold.otf --to out.mp4
"""

import argparse
import resource
import time

import numpy as np
from moviepy import AudioArrayClip, CompositeVideoClip, ImageClip, TextClip, vfx

WIDTH, HEIGHT, FPS = 1080, 1920, 30
DURATION, CROSSFADE = 12.0, 0.3
ZOOM, PAN = 0.08, 0.02
SAFE_TOP, SAFE_SIDE = 192, 72
FONT_SIZE, STROKE = 64, 4
AUDIO_RATE = 44_100


def ken_burns(path, index, count):
    """One photo as a clip: zooming about its centre while its centre drifts sideways."""
    clip_length = (DURATION + (count - 1) * CROSSFADE) / count
    start = index * (clip_length - CROSSFADE)
    direction = 1 if index % 2 == 0 else -1
    photo = ImageClip(path).with_duration(clip_length)
    if tuple(photo.size) != (WIDTH, HEIGHT):
        photo = photo.resized((WIDTH, HEIGHT))

    def scale(t):
        return 1 + ZOOM * t / clip_length

    def position(t):
        s = scale(t)
        centre_x = WIDTH / 2 + direction * PAN * WIDTH * t / clip_length
        return (centre_x - WIDTH * s / 2, HEIGHT / 2 - HEIGHT * s / 2)

    if index > 0:
        # Fade in before resizing: the fade's mask is made at the clip's size, and only a mask
        # that exists when `resized` runs grows with the picture (else the zoomed edges turn black).
        photo = photo.with_effects([vfx.CrossFadeIn(CROSSFADE)])
    return photo.resized(scale).with_position(position).with_start(start)


def hook_line(text, font):
    """The hook, wrapped to the safe zone's width and centred in it."""
    safe_width = WIDTH - 2 * SAFE_SIDE
    return (TextClip(font=font, text=text, font_size=FONT_SIZE, color="white",
                     stroke_color="black", stroke_width=STROKE,
                     method="caption", size=(safe_width, None), text_align="center",
                     margin=(STROKE, 3 * STROKE))  # else the stroke under the last line is cut off
            .with_duration(DURATION)
            .with_position("center"))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--images", required=True, help="comma-separated JPEG paths")
    parser.add_argument("--hook", required=True)
    parser.add_argument("--font", required=True, help="the Inter Bold font file")
    parser.add_argument("--to", required=True, help="the MP4 to write")
    args = parser.parse_args()

    started = time.perf_counter()
    paths = args.images.split(",")
    clips = [ken_burns(path, i, len(paths)) for i, path in enumerate(paths)]
    clips.append(hook_line(args.hook, args.font))
    video = CompositeVideoClip(clips, size=(WIDTH, HEIGHT)).with_duration(DURATION)
    silence = AudioArrayClip(np.zeros((int(DURATION * AUDIO_RATE), 2)), fps=AUDIO_RATE)
    video = video.with_audio(silence)
    video.write_videofile(args.to, fps=FPS, codec="libx264", preset="veryfast", bitrate="8000k",
                          audio_codec="aac", audio_bitrate="160k", audio_fps=AUDIO_RATE,
                          ffmpeg_params=["-g", str(2 * FPS), "-maxrate", "12000k", "-bufsize", "16000k",
                                         "-movflags", "+faststart"], logger=None)
    seconds = time.perf_counter() - started
    # ru_maxrss is in KiB on Linux; the encoder runs in an ffmpeg child, counted separately.
    peak = max(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss,
               resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
    print(f"{seconds:.4f} {peak}")


if __name__ == "__main__":
    main()
