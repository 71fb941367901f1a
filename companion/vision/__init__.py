"""The card recogniser: find corner indices with OpenCV, read them with a small ONNX CNN.

Nothing here imports torch; the device runs only OpenCV, numpy and onnxruntime.
"""
