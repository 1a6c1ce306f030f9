using System.Diagnostics.CodeAnalysis;
using System.Runtime.CompilerServices;

namespace FastFormatters.Serialization;

/// <summary>
/// Whether converters may be built by reflection (members read from the type, generic converters made at run time).
/// FastFormatters follows System.Text.Json's own switch, <c>System.Text.Json.JsonSerializer.IsReflectionEnabledByDefault</c>:
/// the SDK turns it off when an app is published trimmed or Native AOT, where members may have been trimmed away and no
/// code can be made at run time. The trimmer then removes the reflection-built path altogether, and
/// <see cref="ConverterFactory"/> serves only what needs no reflection, refusing the rest by name: never an object written
/// from a member list that trimming emptied.
/// </summary>
internal static class ReflectionContracts
{
    /// <summary>Why a member is annotated: it builds converters by reflection, and runs only where <see cref="IsEnabled"/>.</summary>
    public const string Builds = "Builds converters by reflection (members, generic instantiations made at run time); reached only where ReflectionContracts.IsEnabled.";

    /// <summary>The runtime switch, set by the MSBuild property <c>JsonSerializerIsReflectionEnabledByDefault</c>.</summary>
    public const string SwitchName = "System.Text.Json.JsonSerializer.IsReflectionEnabledByDefault";

    /// <summary>Whether reflection-built converters are allowed: the switch is on (its default) and code can be made at run time.</summary>
    [FeatureSwitchDefinition(SwitchName)]
    [FeatureGuard(typeof(RequiresUnreferencedCodeAttribute))]
    [FeatureGuard(typeof(RequiresDynamicCodeAttribute))]
    public static bool IsEnabled { get; } = RuntimeFeature.IsDynamicCodeSupported && (!AppContext.TryGetSwitch(SwitchName, out bool enabled) || enabled);

    /// <summary>The refusal of a type that needs a reflection-built converter where reflection is off.</summary>
    public static NotSupportedException Refusal(Type type, FastFormat format, string? why = null)
        => new(
            $"{type} needs a converter built by reflection{(why is null ? null : $" ({why})")}, which this app has turned off ({SwitchName} is false, the default "
            + "of trimmed and Native AOT publishing, where its members may have been trimmed away); it is refused rather than "
            + $"written without them. Register a {(format == FastFormat.Json ? "JsonValueConverter" : "MessagePackValueConverter")}<T> "
            + "for it in FastSerializerOptions.Converters or ConverterProviders.");
}
