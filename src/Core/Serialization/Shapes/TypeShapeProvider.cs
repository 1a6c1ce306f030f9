using System.ComponentModel;

namespace FastFormatters.Serialization.Shapes;

/// <summary>
/// Describes types without reflection: for each, what it is (an object with its members and constructors, a list, a
/// dictionary, ...) and typed delegates to reach into it. The source generator writes one for a partial class marked
/// <see cref="FastSerializableAttribute"/>; add it to <see cref="FastSerializerOptions.TypeShapeProviders"/>. A type a
/// provider describes is served from its shape on the JIT and in trimmed and Native AOT apps alike, under the same
/// contract (names, omission, order, keys); reflection describes only the types no provider describes, and only where
/// reflection is on.
/// </summary>
public abstract class TypeShapeProvider
{
    /// <summary>Creates the provider.</summary>
    protected TypeShapeProvider()
    {
    }

    /// <summary>The shape of <paramref name="type"/>, or <see langword="null"/> when this provider does not describe it.</summary>
    /// <param name="type">The type asked about.</param>
    /// <returns>A shape whose <see cref="TypeShape.Type"/> is <paramref name="type"/>, or <see langword="null"/>.</returns>
    [EditorBrowsable(EditorBrowsableState.Never)]
    public abstract TypeShape? GetShape(Type type);
}
