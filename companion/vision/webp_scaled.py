"""Decoding a large WebP already shrunk, by libwebp's own scaling decoder, so that the
whole image is never held: an 8000x6000 WebP is 144 MB decoded, most of the memory
budget. A lossy WebP is decoded a few rows at a time into the shrunk image; a lossless
one still needs its whole image inside libwebp (192 MB at 8000x6000), which no decoder
can avoid, but not a second copy.

libwebp is called through ctypes: Pillow's wheels carry a copy of it, and Debian's
Pillow links the system's. When neither is found the caller decodes the image whole.
The structures below are those of libwebp's ``decode.h``, decoder ABI 2."""

from __future__ import annotations

import ctypes
import ctypes.util
import functools
from pathlib import Path

import numpy as np

from companion.vision.bands import UPRIGHT, orientation_of, upright
from companion.vision.images import ImageError

DECODER_ABI_VERSION = 0x0209  # libwebp refuses a different major (high byte) version
MODE_BGR = 2  # WEBP_CSP_MODE
STATUS_OK = 0
STATUS_NOT_ENOUGH_DATA = 7
STATUS_REASONS = {
    1: "out of memory",
    2: "invalid parameter",
    3: "bitstream error",
    4: "unsupported feature",
    5: "suspended",
    6: "user abort",
    STATUS_NOT_ENOUGH_DATA: "not enough data",
}
RIFF_HEAD_BYTES = 12  # "RIFF", the size, "WEBP"
CHUNK_HEAD_BYTES = 8
EXIF_CHUNK = b"EXIF"


class _Features(ctypes.Structure):
    _fields_ = [
        ("width", ctypes.c_int),
        ("height", ctypes.c_int),
        ("has_alpha", ctypes.c_int),
        ("has_animation", ctypes.c_int),
        ("format", ctypes.c_int),
        ("pad", ctypes.c_uint32 * 5),
    ]


class _RgbaBuffer(ctypes.Structure):
    _fields_ = [
        ("rgba", ctypes.c_void_p),
        ("stride", ctypes.c_int),
        ("size", ctypes.c_size_t),
    ]


class _YuvaBuffer(ctypes.Structure):
    _fields_ = [
        *((plane, ctypes.c_void_p) for plane in ("y", "u", "v", "a")),
        *((f"{plane}_stride", ctypes.c_int) for plane in ("y", "u", "v", "a")),
        *((f"{plane}_size", ctypes.c_size_t) for plane in ("y", "u", "v", "a")),
    ]


class _Buffers(ctypes.Union):
    _fields_ = [("rgba", _RgbaBuffer), ("yuva", _YuvaBuffer)]


class _DecodedBuffer(ctypes.Structure):
    _fields_ = [
        ("colorspace", ctypes.c_int),
        ("width", ctypes.c_int),
        ("height", ctypes.c_int),
        ("is_external_memory", ctypes.c_int),
        ("u", _Buffers),
        ("pad", ctypes.c_uint32 * 4),
        ("private_memory", ctypes.c_void_p),
    ]


class _Options(ctypes.Structure):
    _fields_ = [
        (name, ctypes.c_int)
        for name in (
            "bypass_filtering",
            "no_fancy_upsampling",
            "use_cropping",
            "crop_left",
            "crop_top",
            "crop_width",
            "crop_height",
            "use_scaling",
            "scaled_width",
            "scaled_height",
            "use_threads",
            "dithering_strength",
            "flip",
            "alpha_dithering_strength",
        )
    ] + [("pad", ctypes.c_uint32 * 5)]


class _DecoderConfig(ctypes.Structure):
    _fields_ = [("input", _Features), ("output", _DecodedBuffer), ("options", _Options)]


@functools.cache
def libwebp() -> ctypes.CDLL | None:
    """libwebp with its decoding functions typed, or None when it cannot be found."""
    for candidate in _library_paths():
        try:
            library = ctypes.CDLL(candidate)
            init = library.WebPInitDecoderConfigInternal
            features = library.WebPGetFeaturesInternal
            decode = library.WebPDecode
        except (OSError, AttributeError):
            continue
        config_pointer = ctypes.POINTER(_DecoderConfig)
        init.argtypes, init.restype = [config_pointer, ctypes.c_int], ctypes.c_int
        features.argtypes = [
            ctypes.c_char_p,
            ctypes.c_size_t,
            ctypes.POINTER(_Features),
            ctypes.c_int,
        ]
        features.restype = ctypes.c_int
        decode.argtypes = [ctypes.c_char_p, ctypes.c_size_t, config_pointer]
        decode.restype = ctypes.c_int
        return library
    return None


def _library_paths() -> list[str]:
    """Pillow's own copy of libwebp first (the one its WebP reader uses), then the
    system's."""
    import PIL

    bundled = sorted((Path(PIL.__file__).parent.parent / "pillow.libs").glob("libwebp-*.so*"))
    system = ctypes.util.find_library("webp")
    return [str(path) for path in bundled] + ([system] if system else [])


def load_webp_reduced(path: Path, factor: int) -> np.ndarray | None:
    """The WebP at ``path`` as BGR uint8, shrunk by ``factor`` as libwebp scales it and
    turned upright; None when it is no still WebP or libwebp cannot be loaded (the caller
    decodes it whole). Raises ImageError, naming the file, when its data is cut short or
    damaged."""
    with path.open("rb") as stream:
        head = stream.read(RIFF_HEAD_BYTES)
    if head[:4] != b"RIFF" or head[8:12] != b"WEBP":
        return None
    data = path.read_bytes()
    library = libwebp()
    if library is None:
        return None
    config = _DecoderConfig()
    if not library.WebPInitDecoderConfigInternal(ctypes.byref(config), DECODER_ABI_VERSION):
        return None  # a libwebp of another ABI
    status = library.WebPGetFeaturesInternal(
        data, len(data), ctypes.byref(config.input), DECODER_ABI_VERSION
    )
    if status != STATUS_OK or config.input.has_animation:
        return None  # OpenCV decodes an animation's first frame, or says what is wrong
    width = max(1, round(config.input.width / factor))
    height = max(1, round(config.input.height / factor))
    shrunk = np.empty((height, width, 3), np.uint8)
    config.output.colorspace = MODE_BGR
    config.output.is_external_memory = 1
    config.output.u.rgba.rgba = shrunk.ctypes.data
    config.output.u.rgba.stride = width * 3
    config.output.u.rgba.size = shrunk.nbytes
    config.options.use_scaling = 1
    config.options.scaled_width, config.options.scaled_height = width, height
    status = library.WebPDecode(data, len(data), ctypes.byref(config))
    if status == STATUS_NOT_ENOUGH_DATA:
        raise ImageError(f"{path}: the WebP data ends early (the file is cut short)")
    if status != STATUS_OK:
        reason = STATUS_REASONS.get(status, f"status {status}")
        raise ImageError(f"{path}: the WebP data is corrupt ({reason})")
    return upright(shrunk, _orientation(data))


def _orientation(data: bytes) -> int:
    """The orientation in the WebP's EXIF chunk (1, upright, when there is none)."""
    from PIL import Image

    position = RIFF_HEAD_BYTES
    while position + CHUNK_HEAD_BYTES <= len(data):
        kind = data[position : position + 4]
        length = int.from_bytes(data[position + 4 : position + 8], "little")
        start = position + CHUNK_HEAD_BYTES
        if kind == EXIF_CHUNK:
            exif = Image.Exif()
            exif.load(data[start : start + length])
            return orientation_of(exif)
        position = start + length + length % 2  # chunks are padded to even lengths
    return UPRIGHT
