#pragma once

#include "model/launch/launch_form.h"

#include <QString>

namespace model {

/// The part of the launch form a field belongs to.
enum class FormPart { None, Name, Module, Device, Kernel, Param, Grid, Block, Shared, Buffer, Argument, Cluster };

/// One field of the launch form, so an error about the scenario it writes can be shown where it was typed.
struct FormField {
    FormPart part = FormPart::None;
    /// The row of a param (in name order, as the form lists them), buffer or argument; the dimension (0 = x) of
    /// grid, block and cluster; -1 for the whole block or grid, and for the parts that are one field.
    int index = -1;
    QString column; ///< a buffer's "type", "count" or "init"; empty otherwise

    bool operator==(const FormField&) const = default;
};

/// The field of `form` that a scenario JSON path (RFC 6901, as the engine's errors give them) points at:
/// "/steps/0/launch/args/1" → argument 1, "/buffers/idata/count" → the count of buffer idata's row,
/// "/steps/0/launch/block" → the whole block. A path that names no field of the form gives FormPart::None.
FormField formFieldAt(const LaunchForm& form, const QString& jsonPath);

/// How the form labels `field`, to lead an error message: "Argument 2 (idata)" (the parameter's name from
/// `kernel` when given), "Buffer odata, count", "Block y"; empty for FormPart::None.
QString formFieldLabel(const LaunchForm& form, const FormField& field, const KernelSignature* kernel = nullptr);

/// Why a launch form's scenario would not run, and the field of the form that the reason concerns.
struct LaunchProblem {
    QString message; ///< the engine's message, led by the scenario file and the JSON path
    FormField field; ///< FormPart::None when the reason concerns no one field
};

} // namespace model
