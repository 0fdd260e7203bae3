// Best Practices Guide v8.0 §9.1.2 "Overlapping transfers and kernel execution": the staged version
// launches kernel<<<N/(nThreads*nStreams), nThreads, 0, stream[i]>>>(a_d+offset) once per stream.
// The guide does not print the kernel's body [GAP]; this one does a little arithmetic per element so
// that each stage has work proportional to its chunk.
__global__ void kernel(float *a)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    a[i] = a[i] * 2.0f + 1.0f;
}
