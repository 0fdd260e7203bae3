// Best Practices Guide v8.0 §9.2.1.3 / current §9.2.1 "Effects of Misaligned Accesses":
// a copy whose every index is shifted by `offset` words, swept from 0 to 32 by the host.
__global__ void offsetCopy(float *odata, float* idata, int offset)
{
    int xid = blockIdx.x * blockDim.x + threadIdx.x + offset;
    odata[xid] = idata[xid];
}
