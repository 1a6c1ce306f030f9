namespace FastFormatters.Serialization.Shapes;

/// <summary>
/// Asks the source generator to describe <see cref="Type"/>, and every type it reaches through its members, elements
/// and values, in the partial <see cref="TypeShapeProvider"/> class this marks.
/// </summary>
[AttributeUsage(AttributeTargets.Class, AllowMultiple = true, Inherited = false)]
public sealed class FastSerializableAttribute : Attribute
{
    /// <summary>Marks a type to describe.</summary>
    /// <param name="type">The type, as it is written and read (a response's or request body's type).</param>
    public FastSerializableAttribute(Type type) => Type = type;

    /// <summary>The type described, with the types it reaches.</summary>
    public Type Type { get; }
}
