using System.Text.Json.Serialization;
using FastFormatters.Serialization.Contracts;
using FastFormatters.Serialization.Objects;
using FastFormatters.Serialization.Shapes;
using System.Text.Json.Nodes;

namespace FastFormatters.Serialization;

/// <summary>
/// Finds a type's converter, the same way for every format, and asks the resolver's <see cref="ConverterFamily"/> for
/// that kind's converter, in one precedence: the app's first (<see cref="FastSerializerOptions.Converters"/>, then
/// <see cref="FastSerializerOptions.ConverterProviders"/> in order), then what the format claims (a registered external serializer), then
/// System.Text.Json itself for a type the app's JSON contract defines beyond these converters, then the format's own
/// forms, then the built-in leaves (primitives, <see cref="object"/>, documents), then the type's shape (the app's
/// generated shapes, then reflection where <see cref="ReflectionContracts.IsEnabled"/>), whose kind the family visits,
/// and last a refusal by name.
/// </summary>
internal static class ConverterFactory
{
    public static ValueConverter Create(Type type, ConverterResolver resolver)
    {
        if (AppConverter(type, resolver) is { } app)
        {
            return app;
        }

        var family = resolver.Family;
        if (family.Claim(type, resolver) is { } claimed)
        {
            ObjectContractBuilder.RefuseIfModified(type, resolver, "an external serializer");
            return claimed;
        }

        // object stays ours: it writes each value by its runtime type, which is then asked about in turn.
        if (type != typeof(object) && resolver.Rules is SystemTextJsonContractRules systemTextJson && systemTextJson.FallbackReason(type) is { } reason)
        {
            ObjectContractBuilder.RefuseIfModified(type, resolver, $"System.Text.Json ({reason})");
            var handedOff = Typed(type, resolver, new SystemTextJsonOf(systemTextJson.Options, resolver), $"System.Text.Json writes it ({reason})");
            resolver.OnFallback?.Invoke(type, reason);
            return handedOff;
        }

        if (family.FormatSpecific(type, resolver) is { } specific)
        {
            return specific;
        }

        if (BuiltIn(type, resolver) is { } builtIn)
        {
            return builtIn;
        }

        return FromShape(type, resolver);
    }

    /// <summary>
    /// The shape of <paramref name="type"/>: the app's <see cref="FastSerializerOptions.TypeShapeProviders"/> first, on
    /// the JIT too, so a JIT app runs the converters its native build runs; then reflection
    /// (<see cref="ReflectionShapeProvider"/>) where that is on; null when neither describes it.
    /// </summary>
    public static TypeShape? ShapeOf(Type type, ConverterResolver resolver)
        => resolver.Settings.GetShape(type) ?? resolver.Settings.Reflection?.GetShape(type);

    /// <summary>
    /// <paramref name="typed"/>'s converter of <paramref name="type"/>, closed over it statically through the type's
    /// shape when a provider describes it, else by reflection where that is on, else through its built-in converter;
    /// refused by name, because of <paramref name="why"/>, when the type has none of these.
    /// </summary>
    public static ValueConverter Typed(Type type, ConverterResolver resolver, ITypeVisitor<ValueConverter> typed, string why)
        => resolver.Settings.GetShape(type) is { } shape ? shape.Accept(typed)
            : resolver.Settings.Reflection is { } reflection ? reflection.Visit(type, typed)
            : BuiltIn(type, resolver) is { } builtIn ? builtIn.Accept(typed)
            : throw ReflectionContracts.Refusal(type, resolver.Family.Format, why);

    /// <summary>
    /// The shape of <paramref name="type"/> when it is an <see cref="IAsyncEnumerable{T}"/> (which no converter serves: it is
    /// written only as a whole response body), from the app's shapes, else by reflection where that is on; or null.
    /// </summary>
    public static ISequenceShape? AsyncSequence(Type type, ConverterResolver resolver)
        => resolver.Settings.GetShape(type) as IAsyncSequenceShape ?? resolver.Settings.Reflection?.AsyncSequenceOf(type);

    // The converter built from the type's shape by the resolver's family; a type no provider describes is refused by
    // name, never written from members trimming may have removed. A shape the app gives is the type's only description,
    // on the JIT too: one that gives less than the contract needs refuses the type, as it does in a Native AOT build.
    private static ValueConverter FromShape(Type type, ConverterResolver resolver)
        => ShapeOf(type, resolver) is { } shape ? Build(shape, resolver) : throw ReflectionContracts.Refusal(type, resolver.Family.Format);

    // A union is written with its tag, through its shape's type: never as the declared type's own members.
    private static ValueConverter Build(TypeShape shape, ConverterResolver resolver)
        => resolver.Rules.GetUnionCases(shape.Type) is { } cases
            ? shape.Accept(new UnionOf(cases, resolver))
            : shape.Accept(resolver.Family, resolver);

    // What every path serves alike and needs nothing made at run time.
    private static ValueConverter? BuiltIn(Type type, ConverterResolver resolver)
    {
        var family = resolver.Family;
        if (family.Primitive(type) is { } primitive)
        {
            return resolver.Rules.NumberHandling != JsonNumberHandling.Strict && IsNumber(type)
                ? family.WithNumberHandling(primitive, resolver.Rules.NumberHandling)
                : primitive;
        }

        // The value trees reading object makes (maps and arrays of values) are built here, typed, so what an app reads
        // as object it can write back in a trimmed app too, with the converters the JIT uses.
        return type == typeof(object) ? family.ObjectValue(resolver)
            : type == typeof(Dictionary<string, object?>) ? family.DictionaryOf<Dictionary<string, object?>, string, object?>(resolver, resolver.GetConverter<object?>(), static () => new())
            : type == typeof(List<object?>) ? family.ListOf(resolver.GetConverter<object?>())
            : type == typeof(System.Text.Json.JsonElement) ? family.JsonElement(resolver)
            : type == typeof(System.Text.Json.JsonDocument) ? family.JsonDocument(resolver)
            : type.IsAssignableTo(typeof(JsonNode)) ? JsonNodeOf(type, resolver)
            : null;
    }

    // The node kinds are a closed set (JsonNode's constructor is internal): a value's runtime kind, an internal subtype
    // of JsonValue, is served as a JsonValue.
    private static ValueConverter JsonNodeOf(Type type, ConverterResolver resolver)
        => type == typeof(JsonObject) ? resolver.Family.JsonNodeOf<JsonObject>(resolver)
            : type == typeof(JsonArray) ? resolver.Family.JsonNodeOf<JsonArray>(resolver)
            : type.IsAssignableTo(typeof(JsonValue)) ? resolver.Family.JsonNodeOf<JsonValue>(resolver)
            : resolver.Family.JsonNodeOf<JsonNode>(resolver);

    private static ValueConverter? AppConverter(Type type, ConverterResolver resolver)
    {
        var family = resolver.Family;
        foreach (var converter in resolver.Settings.Converters)
        {
            if (converter.Type == type && family.Serves(converter))
            {
                return converter.AsAppConverter();
            }
        }

        foreach (var provider in resolver.Settings.ConverterProviders)
        {
            if (provider.GetConverter(type, resolver.Context) is not { } provided)
            {
                continue;
            }

            if (provided.Type != type || !family.Serves(provided))
            {
                throw new InvalidOperationException(
                    $"{provider.GetType()} returned a {provided.GetType()} for {type} in the {family.Family} family; it must return a converter of exactly that type, derived from {(family.Family == FormatFamily.Json ? "JsonValueConverter<T>" : "MessagePackValueConverter<T>")}, or null.");
            }

            return provided.AsAppConverter();
        }

        return null;
    }

    /// <summary>Whether <paramref name="type"/> is a number that System.Text.Json's number handling applies to.</summary>
    public static bool IsNumber(Type type)
        => type.IsPrimitive && type != typeof(bool) && type != typeof(char) && type != typeof(IntPtr) && type != typeof(UIntPtr)
            || type == typeof(decimal) || type == typeof(Half) || type == typeof(Int128) || type == typeof(UInt128);

    // A union of the type's subtypes, in the resolver's family.
    private sealed class UnionOf(IReadOnlyList<UnionCase> cases, ConverterResolver resolver) : ITypeVisitor<ValueConverter>
    {
        public ValueConverter Visit<T>() => resolver.Family.UnionOf<T>(cases, resolver);
    }

    // A type System.Text.Json writes, in the resolver's family, closed over it by Typed.
    private sealed class SystemTextJsonOf(System.Text.Json.JsonSerializerOptions options, ConverterResolver resolver) : ITypeVisitor<ValueConverter>
    {
        public ValueConverter Visit<T>() => resolver.Family.SystemTextJsonOf<T>(options, resolver);
    }
}
