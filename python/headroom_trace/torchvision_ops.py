"""torchvision's compiled operators in Python, for a torchvision whose `_C` library does not load with the
installed torch (a CUDA wheel of torchvision beside a CPU-only torch: `_C.so` needs libtorch_cuda.so).

Without them `import torchvision` itself fails (its _meta_registrations.py registers fake kernels for
torchvision::nms and torchvision::qnms, which must exist) and every model that imports it with it. The
trace needs only each operator's schema and torchvision's own meta kernels (shapes, no values), so the
schemas are defined here as torchvision/csrc/ops/*.cpp defines them, and torchvision registers its meta
kernels and autograd on them as usual. For the real CPU check, RoIAlign and NMS get CPU kernels:
RoIAlign's values come from torchvision's own pure-Python `_roi_align`, inside the operator, so a counted
real step allocates what the CUDA kernels allocate: the pooled output forward, the input-sized gradient
backward. The other operators (PSRoIAlign, RoIPool, deformable convolution) have schemas and meta
kernels only: traced, never run for real.
"""

from __future__ import annotations

import glob
import importlib.util
import inspect
import os
import sys
import warnings
from concurrent.futures import ThreadPoolExecutor

# torchvision/csrc/ops/{nms,roi_align,ps_roi_align,roi_pool,ps_roi_pool,deform_conv2d}.cpp (v0.28) and
# quantized/cpu/{qnms,qroi_align}_kernel.cpp, as TORCH_LIBRARY_FRAGMENT(torchvision, m) defines them.
SCHEMAS = (
    "nms(Tensor dets, Tensor scores, float iou_threshold) -> Tensor",
    "qnms(Tensor dets, Tensor scores, float iou_threshold) -> Tensor",
    "roi_align(Tensor input, Tensor rois, float spatial_scale, SymInt pooled_height, SymInt pooled_width, int sampling_ratio, bool aligned) -> Tensor",
    "_roi_align_backward(Tensor grad, Tensor rois, float spatial_scale, SymInt pooled_height, SymInt pooled_width, SymInt batch_size, SymInt channels, SymInt height, SymInt width, int sampling_ratio, bool aligned) -> Tensor",
    "qroi_align(Tensor input, Tensor rois, float input_scale, int input_zero_point, float rois_scale, int rois_zero_point, float spatial_scale, SymInt pooled_height, SymInt pooled_width, int sampling_ratio, bool aligned) -> Tensor",
    "ps_roi_align(Tensor input, Tensor rois, float spatial_scale, SymInt pooled_height, SymInt pooled_width, int sampling_ratio) -> (Tensor, Tensor)",
    "_ps_roi_align_backward(Tensor grad, Tensor rois, Tensor channel_mapping, float spatial_scale, SymInt pooled_height, SymInt pooled_width, int sampling_ratio, SymInt batch_size, SymInt channels, SymInt height, SymInt width) -> Tensor",
    "roi_pool(Tensor input, Tensor rois, float spatial_scale, SymInt pooled_height, SymInt pooled_width) -> (Tensor, Tensor)",
    "_roi_pool_backward(Tensor grad, Tensor rois, Tensor argmax, float spatial_scale, SymInt pooled_height, SymInt pooled_width, SymInt batch_size, SymInt channels, SymInt height, SymInt width) -> Tensor",
    "ps_roi_pool(Tensor input, Tensor rois, float spatial_scale, SymInt pooled_height, SymInt pooled_width) -> (Tensor, Tensor)",
    "_ps_roi_pool_backward(Tensor grad, Tensor rois, Tensor channel_mapping, float spatial_scale, SymInt pooled_height, SymInt pooled_width, SymInt batch_size, SymInt channels, SymInt height, SymInt width) -> Tensor",
    "deform_conv2d(Tensor input, Tensor weight, Tensor offset, Tensor mask, Tensor bias, SymInt stride_h, SymInt stride_w, SymInt pad_h, SymInt pad_w, SymInt dilation_h, SymInt dilation_w, SymInt groups, SymInt offset_groups, bool use_mask) -> Tensor",
    "_deform_conv2d_backward(Tensor grad, Tensor input, Tensor weight, Tensor offset, Tensor mask, Tensor bias, SymInt stride_h, SymInt stride_w, SymInt pad_h, SymInt pad_w, SymInt dilation_h, SymInt dilation_w, SymInt groups, SymInt offset_groups, bool use_mask) -> (Tensor, Tensor, Tensor, Tensor, Tensor)",
    "_cuda_version() -> int",
)

_LIBRARIES = []  # the torch.library.Library objects must outlive the call that made them


def _compiled_ops_load(torch):
    """Whether torchvision's `_C` loads with this torch (tried without importing torchvision)."""
    spec = importlib.util.find_spec("torchvision")
    if spec is None or not spec.submodule_search_locations:
        return True  # no torchvision: nothing to stand in for
    found = glob.glob(os.path.join(list(spec.submodule_search_locations)[0], "_C*.so"))
    if not found:
        return False
    try:
        torch.ops.load_library(found[0])
        return True
    except (OSError, RuntimeError):
        return False


def install(torch):
    """Defines torchvision's operators in Python when its compiled library does not load; returns whether
    it did (False: torchvision absent, already imported, or its own operators load)."""
    if "torchvision" in sys.modules or _has_op(torch, "nms"):
        return False
    if _compiled_ops_load(torch):
        return False
    library = torch.library.Library("torchvision", "FRAGMENT")
    _LIBRARIES.append(library)
    for schema in SCHEMAS:
        library.define(schema)
    _register_kernels(torch)
    # torchvision.extension loads `_C` with torch.ops.load_library; answered as loaded, so _has_ops() is
    # true, its meta kernels and its autograd (_autograd_registrations.py: RoIAlign keeps the RoIs and the
    # input's shape, as the C++ ROIAlignFunction does) register, and its Python wrappers call the
    # operators defined here. Registering autograd over a Python-defined operator warns that it replaces
    # the default kernel: expected here.
    original = torch.ops.load_library

    def load_library(path):
        if os.path.basename(str(path)).startswith("_C"):
            return None
        return original(path)

    torch.ops.load_library = load_library
    try:
        with warnings.catch_warnings():
            warnings.filterwarnings("ignore", message=".*(Overriding a previously registered kernel|Warning only once)")
            import torchvision  # noqa: F401
    finally:
        torch.ops.load_library = original
    return True


def _has_op(torch, name):
    try:
        getattr(torch.ops.torchvision, name)
        return True
    except (AttributeError, RuntimeError):
        return False


def _register_kernels(torch):
    @torch.library.impl("torchvision::_cuda_version", "CompositeExplicitAutograd")
    def cuda_version():
        return -1

    @torch.library.impl("torchvision::nms", "CPU")
    def nms(dets, scores, iou_threshold):
        # Greedy NMS as csrc/ops/cpu/nms_kernel.cpp: by descending score, drop every later box whose IoU
        # with a kept one exceeds the threshold.
        order = scores.argsort(descending=True)
        boxes = dets[order]
        areas = (boxes[:, 2] - boxes[:, 0]) * (boxes[:, 3] - boxes[:, 1])
        suppressed = torch.zeros(boxes.shape[0], dtype=torch.bool)
        keep = []
        for i in range(boxes.shape[0]):
            if suppressed[i]:
                continue
            keep.append(i)
            lt = torch.maximum(boxes[i, :2], boxes[i + 1 :, :2])
            rb = torch.minimum(boxes[i, 2:], boxes[i + 1 :, 2:])
            wh = (rb - lt).clamp(min=0)
            inter = wh[:, 0] * wh[:, 1]
            iou = inter / (areas[i] + areas[i + 1 :] - inter)
            suppressed[i + 1 :] |= iou > iou_threshold
        return order[torch.tensor(keep, dtype=torch.long)]

    def _python_roi_align(input, rois, spatial_scale, pooled_height, pooled_width, sampling_ratio, aligned):
        from torchvision.ops.roi_align import _roi_align

        # Its eager body: torchvision wraps it in torch.compile on first use (lazy_compile), which would
        # compile with inductor here.
        return inspect.unwrap(_roi_align)(input, rois, spatial_scale, pooled_height, pooled_width, sampling_ratio, aligned)

    @torch.library.impl("torchvision::roi_align", "CPU")
    def roi_align(input, rois, spatial_scale, pooled_height, pooled_width, sampling_ratio, aligned):
        with torch.no_grad():
            return _python_roi_align(input, rois, spatial_scale, pooled_height, pooled_width, sampling_ratio, aligned)

    @torch.library.impl("torchvision::_roi_align_backward", "CPU")
    def roi_align_backward(grad, rois, spatial_scale, pooled_height, pooled_width, batch, channels, height, width, sampling_ratio, aligned):
        # RoIAlign is linear in its input: the gradient is the same map of any input's, taken at zeros.
        # Autograd is off inside an operator's kernel (thread-local), so it runs in a thread of its own.
        def vjp():
            zeros = torch.zeros(batch, channels, height, width, dtype=grad.dtype, requires_grad=True)
            out = _python_roi_align(zeros, rois, spatial_scale, pooled_height, pooled_width, sampling_ratio, aligned)
            return torch.autograd.grad(out, zeros, grad)[0]

        with ThreadPoolExecutor(1) as pool:
            return pool.submit(vjp).result()
