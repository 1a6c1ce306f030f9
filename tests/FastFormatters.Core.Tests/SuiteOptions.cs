namespace FastFormatters.Core.Tests;

/// <summary>
/// The options the suite's serializers start from. This project runs the suite by reflection only, as a JIT app
/// without generated shapes; FastFormatters.Core.Tests.GeneratedShapes compiles the same tests with
/// <c>GENERATED_SHAPES</c>, where the source generator's shapes of the suite's models come first (reflection serving
/// only what they do not describe), as System.Text.Json runs its tests through both its reflection and its
/// source-generated paths. Tests about one provider in particular build their options themselves.
/// </summary>
internal static class SuiteOptions
{
    /// <summary>Default options, with the suite's generated shapes first in the generated pass.</summary>
    public static FastSerializerOptions Create() => With(new FastSerializerOptions());

    /// <summary>Puts the suite's generated shapes first in <paramref name="options"/> in the generated pass.</summary>
    public static T With<T>(T options)
        where T : FastSerializerOptions
    {
#if GENERATED_SHAPES
        options.TypeShapeProviders.Insert(0, SuiteShapes.Default);
#endif
        return options;
    }
}
