using System.Runtime.CompilerServices;
using System.Text.Json;

namespace FastFormatters.Serialization;

/// <summary>
/// Whether the serializers build converters by reflection: where they do, every public type is served; where they do not
/// (trimmed and Native AOT apps), only what the app's shapes, converters and System.Text.Json metadata describe, so the
/// endpoints' body types are checked when the app starts. The serializers follow System.Text.Json's own switch, which
/// trimming turns into a constant.
/// </summary>
internal static class ReflectionAvailability
{
    public static bool IsEnabled => JsonSerializer.IsReflectionEnabledByDefault && RuntimeFeature.IsDynamicCodeSupported;
}
