#pragma once

#include "model/launch/kernel_signature.h"

#include <QByteArray>
#include <QMap>
#include <QString>
#include <QStringList>
#include <QVector>

#include <array>

namespace model {

/// A device buffer of the launch form (DESIGN.md, scenario `buffers`).
struct LaunchBuffer {
    QString name;
    QString type = QStringLiteral("f32"); ///< i8 u8 i16 u16 i32 u32 i64 u64 f32 f64 f16 bf16
    QString count = QStringLiteral("n"); ///< elements: an integer or an expression over the params
    QString init = QStringLiteral("zero"); ///< "zero", "iota", "random:SEED", a number or "file:PATH" (raw bytes)

    bool operator==(const LaunchBuffer&) const = default;
};

/// A module-scope __constant__ or __device__ variable the form fills before the launch (a host buffer of
/// `count` elements of `type`, initialized by `init` as a buffer is, then memcpy_to_symbol).
struct LaunchSymbol {
    QString name;
    QString type = QStringLiteral("f32");
    QString count = QStringLiteral("1");
    QString init; ///< empty: the variable keeps its initializer (or zeros)

    bool operator==(const LaunchSymbol&) const = default;
};

/// What the launch form holds: one kernel launch of a module, with its buffers and arguments. It becomes a
/// scenario file (scenarioJson), so everything the form does can be repeated with warpscope-cli.
struct LaunchForm {
    QString name; ///< the scenario's "name"
    QString modulePath; ///< absolute path of the .cu or .ptx file
    QString kernel; ///< plain name ("offsetCopy")
    QString deviceId = QStringLiteral("h100");
    QMap<QString, qint64> params; ///< named integers the expressions may use
    std::array<QString, 3> grid { QStringLiteral("1"), QStringLiteral("1"), QStringLiteral("1") }; ///< blocks
    std::array<QString, 3> block { QStringLiteral("256"), QStringLiteral("1"), QStringLiteral("1") }; ///< threads
    QString sharedBytes = QStringLiteral("0"); ///< dynamic shared memory per block
    /// CTAs per thread-block cluster (compute capability 9.0); 1, 1, 1: none, or the kernel's __cluster_dims__
    std::array<QString, 3> cluster { QStringLiteral("1"), QStringLiteral("1"), QStringLiteral("1") };
    QVector<LaunchBuffer> buffers;
    /// One per kernel parameter: a buffer name for a pointer, an integer or expression for an integer, a number
    /// for a floating-point parameter.
    QStringList args;
    QStringList includeDirs; ///< nvcc -I folders (absolute), written relative to the scenario
    QStringList defines; ///< "NAME=VALUE" or "NAME"
    QStringList nvccFlags; ///< passed to nvcc as they are
    QVector<LaunchSymbol> symbols; ///< those with an `init` are filled before the launch

    bool operator==(const LaunchForm&) const = default;
};

/// A form for `kernel` of `modulePath` with sensible defaults: n = 1 Mi threads in blocks of 256 (so the grid is
/// "n / 256"), one f32/i32/... buffer of n elements per pointer parameter (the first pointer, by CUDA custom the
/// output, zeroed; the others random), `n` for integer parameters named like a size, 0 for other integers, 1.0
/// for floating-point ones.
LaunchForm defaultLaunchForm(const KernelSignature& kernel, const QString& modulePath, const QString& deviceId);

/// The scenario file (format version 1) `form` describes, to be saved as `scenarioPath`: the module relative to
/// it, its "nvcc" settings when any, buffers initialized on the device, a memcpy_to_symbol per symbol the form
/// fills (from host buffer "h_<symbol>"), the launch (with a "cluster" shape unless it is 1, 1, 1), a synchronize.
/// Indented JSON.
QByteArray scenarioJson(const LaunchForm& form, const KernelSignature& kernel, const QString& scenarioPath);

/// Where the form's scenario goes unless the user picks another file: beside the module,
/// "<module stem>_<kernel>.json".
QString defaultScenarioPath(const LaunchForm& form);

} // namespace model
