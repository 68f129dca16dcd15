import Foundation

extension PiperVoice {
    /// The worker run by the venv's Python (`python -c`): it ignores SIGINT (the factory ends it by
    /// closing its stdin) and ends itself when its parent is gone. It loads the voice once, through Piper's
    /// own Python API (piper-tts 1.8: `PiperVoice` with a session of ours, and piper's
    /// `add_alignment_output`, which needs the `onnx` package of the `alignment` extra), then answers
    /// requests until its stdin closes.
    ///
    ///     python -c WORKER model.onnx model.onnx.json threads [cache-folder]
    ///
    /// The model is split in two where its decoder starts (the front with the alignment output added,
    /// and the decoder, run over windows of a sentence's frames: see the script's comment and
    /// `PiperVoice.decoderWindow`); a model the split does not fit is loaded whole, as before.
    /// Loading cost 1.0–1.3 s a worker (Python and onnx imported, the model split, onnxruntime's
    /// graphs optimised), on both cores at once before a story's first word. With a cache folder the
    /// first worker saves the optimised graphs there (onnxruntime's `optimized_model_filepath`,
    /// written to a temporary name and renamed: `…-front.onnx`, 57 MB, and `…-decoder.onnx`, 7 MB),
    /// and later ones load them as they are, with optimisation off and without importing onnx:
    /// 0.3 s, and the same samples (checked with the noise at 0).
    /// The files are named after the model's content (its SHA-256, worked out once per model file and
    /// kept beside the graphs in a small `.id` file named after the model's path, size and time),
    /// onnxruntime's version and the CPU's flags, since an optimised graph may hold code for this
    /// processor only: every checkout and venv with the same voice shares one set of graphs (keyed on
    /// the path, each clone had added its own). A graph is touched when loaded; graphs and `.id`
    /// files not used for 30 days, and temporary files a day old, are removed when a new graph is
    /// saved. Anything wrong with the cache (unwritable, unreadable) falls back to loading as before.
    ///
    /// A request is one JSON line (`PiperRequest`): `{"text": …, "scale": 1.35, "silence": 0.5,
    /// "longest": 120, "frames": 128}`, and `"noise"` to set Piper's noise scales. Its
    /// text is spoken line by line as the `piper` CLI does, with `silence` seconds between sentences,
    /// a sentence of more than `longest` phonemes in parts (0: whole), its decoder over windows of
    /// `frames` (0: whole). The answer is one JSON line, `{"bytes": n, "aligned": true, "phonemes":
    /// […], "samples": […], "decoded": 3}` (each phoneme's sample count, sentence pauses as " ";
    /// the decoder's runs), followed by n bytes of 16-bit PCM; or
    /// `{"error": "…"}` and no audio when that text could not be spoken (the worker stays usable).
    /// Without alignments (no `onnx`, or phonemes and samples that disagree) it says `aligned: false`.
    ///
    /// `threads` sets onnxruntime's intra-op threads: the factory runs one worker a voice with every
    /// core (two workers of one thread each read faster, 2× the memory: see `PiperWorkers`).
    /// The worker builds its onnxruntime sessions itself with that count and the cache's settings.
    static let workerScript = #"""
from hashlib import file_digest, sha256
from importlib import import_module
from json import dumps, loads
from os import getpid, listdir, makedirs, path, replace, stat, unlink, utime
from platform import machine
from sys import argv, stdin, stdout
from time import time
from signal import SIGINT, SIG_IGN, signal
from threading import Event, Thread
model, config, threads = argv[1], argv[2], int(argv[3])
# Ctrl-C reaches the whole process group: the factory decides when this worker stops (stdin closes).
signal(SIGINT, SIG_IGN)
def orphaned(parent):
    # A killed factory closes our stdin, but we read it only between requests: while a long text is
    # spoken, this thread sees the parent gone (we were handed to another) and ends us at once.
    from os import _exit, getppid
    while getppid() == parent:
        Event().wait(0.25)
    _exit(0)
Thread(target=orphaned, args=(__import__("os").getppid(),), daemon=True).start()
folder = argv[4] if len(argv) > 4 else ""
onnxruntime = import_module("onnxruntime")
def write_new(name, data):
    temporary = f"{name}.{getpid()}.tmp"
    with open(temporary, "w") as out:
        out.write(data)
    replace(temporary, name)
def touch(name):
    # Marks a file used, for `prune`; a cache shared read-only is still read.
    try:
        utime(name)
    except OSError:
        pass
def content_id(model, stem):
    facts = stat(model)
    where = sha256(f"{path.abspath(model)}|{facts.st_size}|{facts.st_mtime_ns}".encode()).hexdigest()[:24]
    known = path.join(folder, f"{stem}-{where}.id")
    try:
        with open(known) as kept:
            found = kept.read().strip()
        if len(found) == 64:
            touch(known)
            return found
    except OSError:
        pass
    with open(model, "rb") as data:
        digest = file_digest(data, "sha256").hexdigest()
    write_new(known, digest)
    return digest
def prune(stem, keep):
    now = time()
    for name in listdir(folder):
        full = path.join(folder, name)
        stale = name.endswith(".tmp") and now - stat(full).st_mtime > 86400
        stale = stale or (name.startswith(stem + "-") and name.endswith((".onnx", ".id")) and full not in keep
                          and now - stat(full).st_mtime > 30 * 86400)
        if stale:
            unlink(full)
if folder:
    try:
        makedirs(folder, exist_ok=True)
        stem = path.basename(model).removesuffix(".onnx")
        flags = next((line for line in open("/proc/cpuinfo") if line.startswith("flags")), "")
        key = sha256(f"{content_id(model, stem)}|{onnxruntime.__version__}|{machine()}|{flags}".encode()).hexdigest()[:24]
        base = path.join(folder, f"{stem}-{key}")
    except OSError:
        base = ""
else:
    base = ""
saved_graphs = []
def options(saved, building):
    options = onnxruntime.SessionOptions()
    options.log_severity_level = 3
    if threads > 0:
        options.intra_op_num_threads = threads
        options.inter_op_num_threads = 1
    # Two sessions share the cores in turn: a pool that spins after its run takes them from the
    # other (a story 40 % slower). Memory patterns plan one block per input shape, and a story's
    # sentences and windows come in many: without them the voice peaked at 194 MB, not 255.
    options.add_session_config_entry("session.intra_op.allow_spinning", "0")
    options.enable_mem_pattern = False
    if saved:
        options.graph_optimization_level = onnxruntime.GraphOptimizationLevel.ORT_DISABLE_ALL
    elif building:
        options.optimized_model_filepath = building
    return options
def session(graph, name):
    # A graph saved by an earlier worker is loaded as it is; else `graph` is optimised, and saved
    # under `name` (through a temporary name) when there is a cache.
    if name and path.exists(name):
        touch(name)
        saved_graphs.append(name)
        return onnxruntime.InferenceSession(name, options(True, ""), providers=["CPUExecutionProvider"])
    building = f"{name}.{getpid()}.tmp" if name else ""
    try:
        made = onnxruntime.InferenceSession(graph(), options(False, building), providers=["CPUExecutionProvider"])
    except Exception:
        if building and path.exists(building):
            unlink(building)
        raise
    if building:
        replace(building, name)
        saved_graphs.append(name)
    return made
# The decoder (HiFi-GAN, `/dec/…` in Piper's VITS export) turns a sentence's latent frames into
# audio, and its activations are most of a sentence's memory: about 250 MB for a 180-character
# sentence read whole. So the model is split where the decoder starts: the front (text encoder,
# durations, flow; the alignment tensor added as an output) runs on the whole sentence, so its
# prosody and noise are the sentence's, and the decoder runs over windows of WINDOW frames, each
# with CONTEXT frames of the frames around it, of which only its own part is kept. The decoder
# sees about 13 frames either side (its kernels and dilations), so with 16 the windowed samples are
# the whole sentence's (equal after rounding to 16 bits, checked with the noise at 0). A sentence
# is cut into equal windows of at most WINDOW frames, so the context adds 2 × CONTEXT frames a cut
# (a 404-frame sentence: two windows of 202, decoded as 218 frames each). A model the split does not fit
# (a multi-speaker decoder conditioned on the speaker too) is loaded whole, as before.
WINDOW, CONTEXT = 128, 16
window, decoded = WINDOW, 0
def split_graphs():
    from onnx import load as load_onnx
    from onnx.utils import Extractor
    from piper.patch_voice_with_alignment import add_alignment_output
    graph = load_onnx(model)
    ceil = add_alignment_output(graph)
    decoder = [node for node in graph.graph.node if node.name.startswith("/dec/")]
    made = {name for node in decoder for name in node.output}
    weights = {tensor.name for tensor in graph.graph.initializer}
    fed = {name for node in decoder for name in node.input if name and name not in made and name not in weights}
    if len(fed) != 1:
        raise ValueError(f"the decoder is fed by {len(fed)} tensors, not one")
    latent = fed.pop()
    extractor = Extractor(graph)
    front = extractor.extract_model([tensor.name for tensor in graph.graph.input], [latent, ceil]).SerializeToString()
    back = extractor.extract_model([latent], [o.name for o in graph.graph.output if o.name != ceil]).SerializeToString()
    return front, back
class Windowed:
    # Stands for piper's session: `phoneme_ids_to_audio` calls `run(None, inputs)` and reads the
    # audio and the samples of each phoneme id.
    def __init__(self, front, decoder):
        self.front, self.decoder = front, decoder
        self.latent = decoder.get_inputs()[0].name
    def run(self, names, inputs):
        global decoded
        latent, widths = self.front.run(None, inputs)
        frames = latent.shape[2]
        count = -(-frames // window) if window > 0 else 1
        decoded += max(1, count)
        if count <= 1:
            return [self.decoder.run(None, {self.latent: latent})[0], widths]
        pieces = []
        for index in range(count):
            start, end = frames * index // count, frames * (index + 1) // count
            first, last = max(0, start - CONTEXT), min(frames, end + CONTEXT)
            audio = self.decoder.run(None, {self.latent: ascontiguousarray(latent[:, :, first:last])})[0]
            hop = audio.shape[-1] // (last - first)
            pieces.append(audio[..., (start - first) * hop:(end - first) * hop])
        return [concatenate(pieces, axis=-1), widths]
from numpy import ascontiguousarray, concatenate
from piper import PiperConfig, PiperVoice, SynthesisConfig
with open(config, encoding="utf-8") as described:
    voice_config = PiperConfig.from_dict(loads(described.read()))
def load_split(base):
    graphs = []
    def graph(index):
        if not graphs:
            graphs.extend(split_graphs())
        return graphs[index]
    front = session(lambda: graph(0), f"{base}-front.onnx" if base else "")
    decoder = session(lambda: graph(1), f"{base}-decoder.onnx" if base else "")
    return PiperVoice(session=Windowed(front, decoder), config=voice_config)
def load_whole(base):
    def graph():
        from onnx import load as load_onnx
        from piper.patch_voice_with_alignment import add_alignment_output
        whole = load_onnx(model)
        add_alignment_output(whole)
        return whole.SerializeToString()
    return PiperVoice(session=session(graph, f"{base}.onnx" if base else ""), config=voice_config)
voice = None
for load in (load_split, load_whole):
    # Each with the cache, then without it (unwritable, unreadable).
    for where in ([base, ""] if base else [""]):
        try:
            voice = load(where)
            break
        except Exception:
            saved_graphs.clear()
    if voice:
        break
if voice is None:
    # No `onnx` (the alignment extra) to split or patch it: the model as it is, without word timings.
    voice = PiperVoice(session=session(lambda: model, ""), config=voice_config)
if base and saved_graphs:
    try:
        prune(stem, set(saved_graphs))
    except OSError:
        pass
# A sentence's activations grow with its length (about 1 MB a phoneme at the bedtime pace: a
# 600-character sentence peaked at 1 GB), so one longer than `longest` phonemes is read in parts,
# each ending at a comma, semicolon or colon past its first third, else at a word break. A part's
# end and the next one's start already make the pause a comma would.
BREAKS = {",", ";", ":"}
def parts(phonemes, longest):
    out = []
    while longest > 0 and len(phonemes) > longest:
        window = phonemes[:longest]
        cut = max((i for i, p in enumerate(window) if p in BREAKS and i >= longest // 3), default=-1) + 1
        if cut == 0:
            cut = max((i for i, p in enumerate(window) if p == " " and i > 0), default=longest)
        out.append(phonemes[:cut])
        phonemes = phonemes[cut:]
        while phonemes and phonemes[0] == " ":
            phonemes = phonemes[1:]
    return [part for part in out + [phonemes] if part]
whole_sentences = voice.phonemize
joins, longest = [], 0
def phonemize_in_parts(text):
    # piper's `synthesize` yields one chunk for each list returned here, in order; `joins` says
    # which chunks go on the sentence before them.
    found = []
    joins.clear()
    for sentence in whole_sentences(text):
        for index, part in enumerate(parts(sentence, longest)):
            found.append(part)
            joins.append(index > 0)
    return found
voice.phonemize = phonemize_in_parts
out = stdout.buffer
while True:
    line = stdin.buffer.readline()  # bytes: the request is UTF-8 JSON whatever the locale says
    if not line:
        break
    if not line.strip():
        continue
    pcm, phonemes, samples, aligned, first, decoded = bytearray(), [], [], True, True, 0
    try:
        ask = loads(line)
        gap = int(voice.config.sample_rate * float(ask["silence"]))
        syn = SynthesisConfig(length_scale=float(ask["scale"]))
        if ask.get("noise") is not None:
            syn.noise_scale = syn.noise_w_scale = float(ask["noise"])
        longest, window = int(ask.get("longest", 0)), int(ask.get("frames", WINDOW))
        for text in str(ask["text"]).splitlines():
            if not text.strip():
                continue
            for index, chunk in enumerate(voice.synthesize(text.strip(), syn, include_alignments=True)):
                if not first and not joins[index]:
                    pcm += bytes(gap * 2)
                    phonemes.append(" ")
                    samples.append(gap)
                first = False
                audio = chunk.audio_int16_bytes
                pcm += audio
                spans = chunk.phoneme_alignments or []
                if not spans or sum(int(a.num_samples) for a in spans) != len(audio) // 2:
                    aligned = False
                phonemes.extend(a.phoneme for a in spans)
                samples.extend(int(a.num_samples) for a in spans)
        header = {"bytes": len(pcm), "aligned": aligned and not first, "phonemes": phonemes, "samples": samples,
                  "decoded": decoded}
    except Exception as error:
        pcm, header = bytearray(), {"error": f"{type(error).__name__}: {error}"}
    out.write(dumps(header).encode("ascii") + b"\n")
    out.write(pcm)
    out.flush()
"""#
}

extension PiperVoice {
    /// Where workers keep the voice's optimised graph: `FACTORY_PIPER_CACHE`, else
    /// `$XDG_CACHE_HOME/contentfactory/piper`, else `~/.cache/contentfactory/piper`; nil (no cache)
    /// when `FACTORY_PIPER_CACHE` is `off` or there is no home.
    public static func cacheFolder(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        if let named = environment["FACTORY_PIPER_CACHE"], !named.isEmpty { return named == "off" ? nil : named }
        if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") { return xdg + "/contentfactory/piper" }
        guard let home = environment["HOME"], home.hasPrefix("/") else { return nil }
        return home + "/.cache/contentfactory/piper"
    }
}
