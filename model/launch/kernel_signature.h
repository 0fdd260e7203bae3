#pragma once

#include <QString>
#include <QVector>

namespace engine::ptx {
struct Module;
}

namespace model {

/// One parameter of a kernel, as the launch form offers it.
struct KernelParameter {
    QString name; ///< from the CUDA declaration when the source is at hand, else "arg0", "arg1", ...
    QString cudaType; ///< from the demangled signature: "float*", "int"; empty when the name is not mangled
    QString ptxType; ///< ".u64", ".s32", ".f32" (PTX ISA 8.5 §5.2)
    bool pointer = false; ///< a device address: the form passes a buffer
    bool floating = false; ///< .f32 / .f64: the form passes a typed literal
};

/// A kernel (.entry) of a module: its plain name, signature and parameters.
struct KernelSignature {
    QString name; ///< "offsetCopy"
    QString signature; ///< "offsetCopy(float*, float*, int)"
    QString mangled;
    QVector<KernelParameter> params;
    quint64 staticSharedBytes = 0;
    bool dynamicShared = false; ///< the module declares `.extern .shared` (PTX ISA 8.5 §5.1.5)
};

/// The kernels of `module`, in order. `cudaSource` (the .cu text, or empty) gives the parameters their names.
QVector<KernelSignature> kernelSignatures(const engine::ptx::Module& module, const QString& cudaSource = {});

/// The parameter names of `kernel`'s declaration in CUDA source `source` ("odata", "idata", "offset"), or an
/// empty list when no `__global__` declaration of that name is found.
QStringList cudaParameterNames(const QString& source, const QString& kernel);

/// The CUDA source `modulePath` was made from: the file itself for a .cu; for a .ptx, the .cu of the same
/// name beside it or one folder up (resources/kernels/sm_80/offset_copy.ptx ← resources/kernels/offset_copy.cu,
/// where the samples' PTX lives). Empty when there is none.
QString cudaSourcePathFor(const QString& modulePath);

/// The scenario element type (DESIGN.md, buffers) a pointer's pointee maps to: "float*" → "f32",
/// "unsigned int*" → "u32", "double2*" → "f64"; "u8" when the type is not a number (a struct).
QString elementTypeOfPointer(const QString& cudaType);

} // namespace model
