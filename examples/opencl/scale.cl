// The demo's OpenCL C kernel (scripts/demo.sh): y[i] = a * x[i] for i < n, and every fourth
// work-item reports its result with printf.
__kernel void scale(__global const float* x, __global float* y, float a, uint n) {
  uint i = get_global_id(0);
  if (i < n) {
    y[i] = a * x[i];
    if (i % 4 == 0) printf("y[%u] = %.2f\n", i, y[i]);
  }
}
