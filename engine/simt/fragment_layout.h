#pragma once

#include "engine/ptx/matrix_desc.h"

#include <cstdint>

namespace engine::simt {

/// Which matrix of D = A × B + C a fragment holds (C and D share one layout).
enum class FragmentRole : std::uint8_t { A, B, C };

/// A fragment's form: the instruction family, the shape, the element type, and for wmma's A and B the
/// memory layout the fragment was loaded with (wmma.mma's .alayout/.blayout).
struct FragmentSpec {
    bool wmma = false;
    ptx::MatrixShape shape = ptx::MatrixShape::None;
    ptx::MatrixType type = ptx::MatrixType::None;
    FragmentRole role = FragmentRole::A;
    bool rowMajor = true;
};

/// A matrix element's position.
struct FragmentCoord {
    int row = 0;
    int col = 0;
};

/// Rows and columns of the matrix a fragment holds: A is M×K, B is K×N, C and D are M×N.
FragmentCoord fragmentExtent(const FragmentSpec& spec);

/// Elements packed in one 32-bit register, low bits first (two .f16/.bf16, four .s8/.u8, one 32-bit value).
std::uint32_t elementsPerRegister(ptx::MatrixType type);

/// The matrix element that element `e` (counted low to high over the lane's registers) of lane `lane` holds.
///
/// mma.sync: the tables of PTX ISA 8.5 §9.7.14.5.7-9 ("Matrix Fragments for mma.m16n8k8/m16n8k16/
/// m16n8k32", m8n8k16, m16n8k4) with groupID = lane >> 2 and threadID_in_group = lane % 4.
///
/// wmma: §9.7.14.4.1 leaves the distribution of fragment elements over lanes unspecified, so warpscope
/// defines one: register r of lane L holds the elements (r × 32 + L) × E + j, j < E (E per register), of the
/// matrix in the order of its layout in memory (row-major or column-major for A and B; row-major for C and
/// D, whose layout wmma.mma does not name), counted modulo the matrix size. Every register thus holds
/// elements adjacent in memory; fragments with more slots than elements (.f16 A and B: eight registers in
/// every shape) hold each element several times. A whole load → mma → store sequence does not depend on
/// this choice.
FragmentCoord fragmentElement(const FragmentSpec& spec, int lane, int e);

/// ldmatrix/stmatrix (§9.7.14.5.15/16): the element of an 8×8 matrix of 16-bit values that half `j` (0, 1)
/// of a lane's register holds: row lane / 4, column 2 × (lane % 4) + j, or the transpose with .trans. Rows
/// are the 16-byte rows whose addresses lanes 8i..8i+7 give for matrix i.
FragmentCoord ldmatrixElement(int lane, int j, bool trans);

} // namespace engine::simt
