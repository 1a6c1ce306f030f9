namespace FastFormatters.Serialization.Values;

/// <summary>Which dictionary key types every format supports: strings, integer types, GUIDs and enums.</summary>
internal static class DictionaryKeys
{
    /// <summary>Whether <paramref name="keyType"/> is one of the primitive integer types (64 bits at most).</summary>
    public static bool IsIntegerKey(Type keyType)
        => keyType.IsPrimitive && keyType != typeof(bool) && keyType != typeof(char) && keyType != typeof(double)
            && keyType != typeof(float) && keyType != typeof(IntPtr) && keyType != typeof(UIntPtr);

    public static string ExpectedInteger<TKey>() => $"The key is not an integer that fits in {typeof(TKey).Name}.";

    /// <summary>
    /// The resolver's family's key of the enum <paramref name="keyType"/>: from the enum's shape
    /// (<see cref="Shapes.EnumShape{T}"/>) when a provider describes it, else made by reflection where that is on;
    /// refused when it has neither.
    /// </summary>
    public static object EnumKey(Type keyType, ConverterResolver resolver)
    {
        if (resolver.Settings.GetShape(keyType) is Shapes.IEnumShape shape)
        {
            return shape.CreateDictionaryKey(resolver);
        }

        return ReflectionContracts.IsEnabled && resolver.Settings.BuildsByReflection
            ? ConverterFactory.Call(resolver.Family, nameof(ConverterFamily.EnumKeyOf), [keyType], resolver)
            : throw ReflectionContracts.Refusal(keyType, resolver.Family.Format, "as a dictionary key");
    }

    public static NotSupportedException Unsupported(Type keyType)
        => new($"Dictionary keys of type {keyType} are not supported; use string, an integer type, Guid or an enum.");
}
