// conv2d: 2-D convolution of a float image with a K x K mask (K odd), zero padding.
__kernel void conv2d(__global const float* in, __global const float* mask, __global float* out,
                     int width, int height, int k) {
  int x = get_global_id(0), y = get_global_id(1);
  if (x < width && y < height) {
    float acc = 0.0f;
    int r = k / 2;
    for (int i = 0; i < k; i++) {
      for (int j = 0; j < k; j++) {
        int yy = y + i - r, xx = x + j - r;
        if ((uint)yy < (uint)height && (uint)xx < (uint)width)
          acc = fma(in[yy * width + xx], mask[i * k + j], acc);
      }
    }
    out[y * width + x] = acc;
  }
}
