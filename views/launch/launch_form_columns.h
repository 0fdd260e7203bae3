#pragma once

namespace views {

/// The columns of the launch form's tables, shared by the dialog and the marks it puts on a field in error.
enum LaunchParamColumn { ParamName, ParamValue, ParamColumns };
enum LaunchBufferColumn { BufferName, BufferType, BufferCount, BufferInit, BufferColumns };
enum LaunchArgColumn { ArgParameter, ArgType, ArgValue, ArgColumns };

} // namespace views
