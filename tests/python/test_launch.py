"""Device, Buffer and Launch: NumPy data in and out, ND-ranges, __local, printf, faults and
argument errors. Expected values are computed with NumPy from the inputs."""

import json

import numpy
import pytest

import ventus


def test_vecadd_from_numpy_arrays(device, kernels, rng):
    n = 100
    a = rng.standard_normal(n, dtype=numpy.float32)
    b = rng.standard_normal(n, dtype=numpy.float32)
    ba, bb, bc = device.buffer(a), device.buffer(b), device.empty(n, numpy.float32)
    launch = device.launch(kernels.kernel("vecadd"), 128, 32, [ba, bb, bc, n])
    numpy.testing.assert_array_equal(bc.numpy(), a + b)
    assert bc.shape == (n,) and bc.dtype == numpy.float32
    assert launch.work_groups == 4
    assert launch.cycles is None and launch.ipc is None
    assert launch.warp_instructions > 0


@pytest.mark.parametrize("kernel,dtype,k", [("axpy_i32", numpy.int32, numpy.int32(-3)),
                                            ("axpy_u32", numpy.uint32, numpy.uint32(7)),
                                            ("axpy_i16", numpy.int16, numpy.int16(-5)),
                                            ("axpy_u8", numpy.uint8, numpy.uint8(3)),
                                            ("axpy_u16", numpy.uint16, numpy.uint16(300))])
def test_buffers_of_each_integer_dtype(device, kernels, rng, kernel, dtype, k):
    n = 64
    info = numpy.iinfo(dtype)
    x = rng.integers(max(info.min, -1000), min(info.max, 1000), n).astype(dtype)
    y = device.empty(n, dtype)
    device.launch(kernels.kernel(kernel), n, 32, [device.buffer(x), y, k])
    with numpy.errstate(over="ignore"):
        expected = (x * k + (numpy.arange(n) & 3).astype(dtype)).astype(dtype)
    numpy.testing.assert_array_equal(y.numpy(), expected)


def test_python_int_arguments_are_32_bits(device, kernels):
    x = numpy.arange(32, dtype=numpy.int32)
    y = device.empty(32, numpy.int32)
    device.launch(kernels.kernel("axpy_i32"), 32, 32, [device.buffer(x), y, -2])
    numpy.testing.assert_array_equal(y.numpy(), x * -2 + (numpy.arange(32) & 3))


def test_two_dimensional_nd_range(device, kernels):
    width, height = 16, 8
    out = device.empty((height, width), numpy.uint32)
    launch = device.launch(kernels.kernel("grid2d"), (width, height), (8, 4), [out, width])
    y, x = numpy.mgrid[0:height, 0:width]
    expected = 1000 * y + x + 100000 * ((y % 4) * 8 + (x % 8))
    numpy.testing.assert_array_equal(out.numpy(), expected)
    assert out.numpy().shape == (height, width)
    assert launch.work_groups == 4


def test_local_argument(device, kernels, rng):
    x = rng.integers(-100, 100, 256).astype(numpy.int32)
    y = device.empty(256, numpy.int32)
    device.launch(kernels.kernel("reverse_groups"), 256, 64,
                  [device.buffer(x), y, ventus.Local(64 * 4)])
    numpy.testing.assert_array_equal(y.numpy(), x.reshape(4, 64)[:, ::-1].reshape(256))


def test_printf_is_captured(device, kernels):
    x = numpy.array([5, -6, 7, 8], dtype=numpy.int32)
    launch = device.launch(kernels.kernel("hello"), 4, 4, [device.buffer(x)])
    lines = launch.printf.splitlines()
    assert sorted(line.split("] ", 1)[-1] for line in lines) == [
        f"item {i}: {v}" for i, v in enumerate(x)]


def test_timing_mode_counts_cycles(device, kernels):
    a = numpy.ones(64, numpy.float32)
    bufs = [device.buffer(a), device.buffer(a), device.empty(64, numpy.float32), 64]
    functional = device.launch(kernels.kernel("vecadd"), 64, 32, bufs)
    timed = device.launch(kernels.kernel("vecadd"), 64, 32, bufs, timing=True)
    assert timed.cycles > 0
    assert timed.ipc == pytest.approx(timed.warp_instructions / timed.cycles)
    assert timed.warp_instructions == functional.warp_instructions
    assert timed.stats["cycles"] == timed.cycles
    numpy.testing.assert_array_equal(bufs[2].numpy(), a + a)


def test_buffer_write_and_free(device):
    buf = device.buffer(numpy.zeros(8, numpy.float32))
    buf.write(numpy.arange(8))
    numpy.testing.assert_array_equal(buf.numpy(), numpy.arange(8, dtype=numpy.float32))
    with pytest.raises(ValueError, match="bytes"):
        buf.write(numpy.arange(9))
    live = device.live_buffers
    del buf
    assert device.live_buffers == live - 1


def test_guest_fault_has_the_faulting_pc(device, faults):
    kernel = faults.kernel("illegal_third")
    arg = device.buffer(numpy.zeros(4, numpy.int32))
    with pytest.raises(ventus.GuestFault) as caught:
        device.launch(kernel, 4, 4, [arg])
    fault = caught.value
    assert fault.pc == kernel.entry + 8  # the third instruction (faults.s)
    assert fault.kernel == "illegal_third"
    assert fault.instruction_word == 0
    assert fault.work_group == 0 and fault.work_group_id == (0, 0, 0)
    assert "illegal" in fault.kind
    assert f"pc 0x{fault.pc:08x}" in str(fault)
    assert fault.launch.warp_instructions >= 2  # crt0's, then the two before it
    # The device is usable after a fault.
    assert device.buffer(numpy.ones(2)).numpy().tolist() == [1.0, 1.0]


def test_strict_memcheck_fault_lists_the_access(device, kernels):
    x = device.buffer(numpy.ones(16, numpy.float32))
    out = device.empty(16, numpy.float32)
    with pytest.raises(ventus.GuestFault) as caught:
        device.launch(kernels.kernel("vecadd"), 64, 16, [x, x, out, 64], memcheck="strict")
    assert "access fault" in caught.value.kind
    assert caught.value.disassembly


def test_argument_type_errors(device, kernels):
    vecadd = kernels.kernel("vecadd")
    a = device.buffer(numpy.ones(32, numpy.float32))
    with pytest.raises(TypeError, match="argument 0: a numpy array"):
        device.launch(vecadd, 32, 32, [numpy.ones(32), a, a, 32])
    with pytest.raises(TypeError, match="argument 3: a str"):
        device.launch(vecadd, 32, 32, [a, a, a, "32"])
    with pytest.raises(TypeError, match="bool"):
        device.launch(vecadd, 32, 32, [a, a, a, True])
    with pytest.raises(ValueError, match="does not fit 32 bits"):
        device.launch(vecadd, 32, 32, [a, a, a, 1 << 40])
    other = ventus.Device(device.machine).buffer(numpy.ones(32, numpy.float32))
    with pytest.raises(ValueError, match="another device"):
        device.launch(vecadd, 32, 32, [a, a, other, 32])


def test_nd_range_errors(device, kernels):
    vecadd = kernels.kernel("vecadd")
    a = device.buffer(numpy.ones(32, numpy.float32))
    args = [a, a, a, 32]
    with pytest.raises(TypeError, match="global_size"):
        device.launch(vecadd, "32", None, args)
    with pytest.raises(ValueError, match="global_size size 0"):
        device.launch(vecadd, 0, None, args)
    with pytest.raises(ValueError, match="dimensions"):
        device.launch(vecadd, (32, 1), 32, args)
    with pytest.raises(ventus.LaunchError, match="not a multiple"):
        device.launch(vecadd, 30, 8, args)
    with pytest.raises(ventus.ConfigError, match="run.memcheck"):
        device.launch(vecadd, 32, 32, args, memcheck="loud")


def test_buffer_errors(device):
    with pytest.raises(ValueError, match="empty"):
        device.buffer(numpy.zeros(0))
    with pytest.raises(TypeError, match="objects"):
        device.buffer(numpy.array([object()]))


def test_opencl_kernels_declare_their_parameters(kernels, faults):
    assert [kind for _, kind, _ in kernels.kernel("vecadd").params] == [
        "buffer", "buffer", "buffer", "value"]
    assert kernels.kernel("reverse_groups").params[2][1] == "local"
    assert kernels.kernel("axpy_u8").params[2][1:] == ("value", 1)
    assert faults.kernel("illegal_third").params is None  # assembly declares none


def test_wrong_argument_count_and_kinds(device, kernels):
    vecadd = kernels.kernel("vecadd")
    a = device.buffer(numpy.ones(32, numpy.float32))
    with pytest.raises(ventus.LaunchError, match="takes 4 arguments, 3 given"):
        device.launch(vecadd, 32, 32, [a, a, a])
    with pytest.raises(ValueError, match="takes 4 arguments, 5 given"):
        device.launch(vecadd, 32, 32, [a, a, a, 32, 32])
    with pytest.raises(ventus.LaunchError, match="argument 3 .*8-byte value given.*4-byte"):
        device.launch(vecadd, 32, 32, [a, a, a, numpy.uint64(32)])
    with pytest.raises(ventus.LaunchError, match="argument 2 .*4-byte value given.*pointer"):
        device.launch(vecadd, 32, 32, [a, a, 7, 32])
    with pytest.raises(ventus.LaunchError, match="__local size given"):
        device.launch(vecadd, 32, 32, [a, a, ventus.Local(4), 32])


def test_timeline_of_a_timed_launch(tmp_path, device, kernels):
    a = device.buffer(numpy.ones(64, numpy.float32))
    path = tmp_path / "timeline.json"
    launch = device.launch(kernels.kernel("vecadd"), 64, 32, [a, a, a, 64], timing=True,
                           timeline=str(path), timeline_slots=[0, 1])
    events = json.loads(path.read_text())["traceEvents"]
    assert "endprg" in {e.get("name") for e in events}  # the kernel's last instruction
    assert {e["tid"] for e in events if e.get("ph") == "X"} <= {0, 1}  # the slots asked for
    assert launch.cycles > 0
    with pytest.raises(ventus.ConfigError, match="run.timeline needs run.timing"):
        device.launch(kernels.kernel("vecadd"), 64, 32, [a, a, a, 64], timing=False,
                      timeline=str(path))


def _slices(path):
    return [e for e in json.loads(path.read_text())["traceEvents"] if e.get("ph") == "X"]


def test_a_kept_timeline_is_written_after_the_launch(tmp_path, device, kernels):
    n = 256
    a = device.buffer(numpy.arange(n, dtype=numpy.float32))
    args = [a, a, device.empty(n, numpy.float32), n]
    streamed = tmp_path / "streamed.json"
    device.launch(kernels.kernel("vecadd"), n, 64, args, timing=True, timeline=str(streamed),
                  timeline_cycles=(40, 200), timeline_slots=[1])
    launch = device.launch(kernels.kernel("vecadd"), n, 64, args, timing=True,
                           keep_timeline=True)
    whole, bounded = tmp_path / "whole.json", tmp_path / "bounded.json"
    launch.write_timeline(str(whole))
    launch.write_timeline(str(bounded), cycles=(40, 200), slots=[1])
    # The same launch streamed with the same bounds writes the same events.
    assert json.loads(bounded.read_text()) == json.loads(streamed.read_text())
    # Every issued warp-instruction is one slice of the whole timeline; the bounded file keeps
    # only slot 1's slices that overlap cycles 40..200.
    issues = [e for e in _slices(whole) if e["cat"] == "issue"]
    assert len(issues) == launch.warp_instructions
    kept = _slices(bounded)
    assert kept and all(e["tid"] == 1 and e["ts"] + e["dur"] > 40 and e["ts"] <= 200
                        for e in kept)
    assert len(kept) < len(_slices(whole))


def test_write_timeline_refuses_what_it_cannot_write(tmp_path, device, kernels):
    a = device.buffer(numpy.ones(64, numpy.float32))
    vecadd = kernels.kernel("vecadd")
    functional = device.launch(vecadd, 64, 32, [a, a, a, 64], keep_timeline=True)
    with pytest.raises(ventus.LaunchError, match="kept no timeline"):
        functional.write_timeline(str(tmp_path / "t.json"))
    timed = device.launch(vecadd, 64, 32, [a, a, a, 64], timing=True, keep_timeline=True)
    with pytest.raises(ventus.LaunchError, match="before its first"):
        timed.write_timeline(str(tmp_path / "t.json"), cycles=(300, 50))
    with pytest.raises(ventus.LaunchError, match="cannot create timeline file"):
        timed.write_timeline(str(tmp_path / "no" / "such" / "t.json"))
    with pytest.raises(ventus.LaunchError, match="cannot also write run.timeline"):
        device.launch(vecadd, 64, 32, [a, a, a, 64], timing=True, keep_timeline=True,
                      timeline=str(tmp_path / "t.json"))
