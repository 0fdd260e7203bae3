#include "engine/ptx/demangle.h"

#include <gtest/gtest.h>

using engine::ptx::demangle;
using engine::ptx::demangledOrSame;

TEST(PtxDemangle, SeedKernels)
{
    EXPECT_EQ(demangle("_Z10offsetCopyPfS_i"), "offsetCopy(float*, float*, int)");
    EXPECT_EQ(demangle("_Z10strideCopyPfS_i"), "strideCopy(float*, float*, int)");
    EXPECT_EQ(demangle("_Z4MuldPfS_iiS_"), "Muld(float*, float*, int, int, float*)");
    EXPECT_EQ(demangle("_Z14simpleMultiplyPfS_S_i"), "simpleMultiply(float*, float*, float*, int)");
}

TEST(PtxDemangle, QualifiersVectorTypesAndSubstitutions)
{
    EXPECT_EQ(demangle("_Z15applySmoothstepPfPKfffi"), "applySmoothstep(float*, float const*, float, float, int)");
    EXPECT_EQ(demangle("_Z11scaleFloat4P6float4PKS_fi"), "scaleFloat4(float4*, float4 const*, float, int)");
    EXPECT_EQ(demangle("_Z5daxpyPdPKddi"), "daxpy(double*, double const*, double, int)");
    EXPECT_EQ(demangle("_ZN2ns3barEPKcRi"), "ns::bar(char const*, int&)");
    EXPECT_EQ(demangle("_Z1fv"), "f()");
    EXPECT_EQ(demangle("_Z1gPVj"), "g(unsigned int volatile*)");
}

TEST(PtxDemangle, LocalNamesAndTemplates)
{
    EXPECT_EQ(demangle("_ZZ9stencil1dPfPKfiE4temp"), "stencil1d(float*, float const*, int)::temp");
    EXPECT_EQ(demangle("_Z3fooIiEvT_"), "void foo<int>(int)");
    EXPECT_EQ(demangle("_Z6reduceILi256EEvPKfPf"), "void reduce<256>(float const*, float*)");
}

TEST(PtxDemangle, NotMangledOrOutsideTheSubset)
{
    EXPECT_EQ(demangle("kernel"), std::nullopt);
    EXPECT_EQ(demangle("_Z"), std::nullopt);
    EXPECT_EQ(demangle("_Z5abc"), std::nullopt); // name longer than the rest
    EXPECT_EQ(demangle("_Z1fPFviE"), std::nullopt); // function pointers are not in the subset
    EXPECT_EQ(demangle("_Z1fS3_"), std::nullopt); // substitution that does not exist
    EXPECT_EQ(demangledOrSame("my_kernel"), "my_kernel");
    EXPECT_EQ(demangle("_Z1f" + std::string(100000, 'P') + "i"), std::nullopt); // too deep, no stack overflow
}
