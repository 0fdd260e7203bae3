#pragma once

#include "engine/ptx/matrix_desc.h"

#include <cstdint>
#include <span>

namespace engine::simt {

/// The value of element `j` of a 32-bit fragment register holding elements of `type` (low bits first):
/// .f16/.bf16 exactly, .tf32 as the register's float with the 13 low fraction bits ignored (PTX ISA 8.5
/// §9.7.14.1: .tf32 has the range of .f32 and 10 fraction bits; the unit reads only those), integers exactly.
double matrixElement(std::uint32_t reg, std::uint32_t j, ptx::MatrixType type);

/// `reg` with element `j` replaced by `value` converted to `type`: .f32 and .f16 round to nearest even once
/// (NaN becomes the canonical NaN); .s32 wraps modulo 2^32, or clamps to the s32 range with `satfinite`
/// (PTX ISA 8.5 §9.7.14.5.14 mma: .satfinite clamps an integer result to MIN_INT32/MAX_INT32).
std::uint32_t withMatrixElement(std::uint32_t reg, std::uint32_t j, ptx::MatrixType type, double value, bool satfinite);

/// D = A × B + C for row-major matrices A (m×k), B (k×n), C and D (m×n).
///
/// Products of the multiplicand types (.f16, .bf16, .tf32: at most 11 significant bits each; 8-bit integers)
/// are exact in binary64, and so is every partial sum of integers. Each element is formed as
/// C + Σ_k A×B in binary64, k ascending, and rounded once to the destination type by withMatrixElement. PTX
/// ISA 8.5 §9.7.14.5.14 does not specify the order or internal precision of the accumulation (it requires at
/// least single precision); this rule gives the exact result whenever the sum is representable in the
/// destination type (integer-valued inputs, for instance), which is the case the bundled samples check.
void multiplyAccumulate(int m, int n, int k, std::span<const double> a, std::span<const double> b,
    std::span<const double> c, std::span<double> d);

} // namespace engine::simt
