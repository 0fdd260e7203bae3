// Best Practices Guide v8.0 §9.2.1.4 / current §9.2.1 "Strided Accesses":
// adjacent threads copy elements `stride` words apart.
__global__ void strideCopy(float *odata, float* idata, int stride)
{
    int xid = (blockIdx.x*blockDim.x + threadIdx.x)*stride;
    odata[xid] = idata[xid];
}
