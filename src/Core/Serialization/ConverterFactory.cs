using System.Diagnostics.CodeAnalysis;
using System.Reflection;
using System.Text.Json.Serialization;
using FastFormatters.Serialization.Contracts;
using FastFormatters.Serialization.Objects;
using FastFormatters.Serialization.Shapes;
using System.Text.Json.Nodes;

namespace FastFormatters.Serialization;

/// <summary>
/// Decides what a type is, the same way for every format, and asks the resolver's <see cref="ConverterFamily"/> for
/// that kind's converter, in one precedence: the app's first (<see cref="FastSerializerOptions.Converters"/>, then
/// <see cref="FastSerializerOptions.ConverterProviders"/> in order), then what the format claims (a registered external serializer), then
/// System.Text.Json itself for a type the app's JSON contract defines beyond these converters, then the format's own
/// forms, primitives, enums, nullables, arrays, lists, unions, dictionaries, sequences, and last objects. Where
/// <see cref="ReflectionContracts.IsEnabled"/> the generic kinds are closed over each type by reflection; elsewhere
/// through the type's generated shape, and a type with none is refused by name.
/// </summary>
internal static class ConverterFactory
{
    private static readonly MethodInfo s_visit = typeof(ITypeVisitor<ValueConverter>).GetMethod(nameof(ITypeVisitor<ValueConverter>.Visit))!;

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

        // The app's generated shape first, on the JIT too, so a JIT app runs the converters its native build runs;
        // reflection for what no provider describes, where reflection is on.
        if (!ReflectionContracts.IsEnabled || !resolver.Settings.BuildsByReflection)
        {
            return CreateFromShape(type, resolver);
        }

        if (resolver.Settings.GetShape(type) is null)
        {
            return CreateByReflection(type, resolver);
        }

        try
        {
            return CreateFromShape(type, resolver);
        }
        catch (NotSupportedException)
        {
            // A shape that gives less than the contract needs (a non-public [JsonInclude] member, which the generator
            // does not describe) is refused by name where reflection is off; on the JIT reflection serves the type, as
            // it did without the provider.
            return CreateByReflection(type, resolver);
        }
    }

    /// <summary>
    /// <paramref name="typed"/>'s converter of <paramref name="type"/>, closed over it statically through the type's
    /// shape when a provider describes it, else by reflection where that is on, else through its built-in converter;
    /// refused by name, because of <paramref name="why"/>, when the type has none of these.
    /// </summary>
    public static ValueConverter Typed(Type type, ConverterResolver resolver, ITypeVisitor<ValueConverter> typed, string why)
    {
        if (resolver.Settings.GetShape(type) is { } shape)
        {
            return shape.Accept(typed);
        }

        if (ReflectionContracts.IsEnabled && resolver.Settings.BuildsByReflection)
        {
            return TypedByReflection(type, typed);
        }

        return BuiltIn(type, resolver) is { } builtIn ? builtIn.Accept(typed)
            : throw ReflectionContracts.Refusal(type, resolver.Family.Format, why);
    }

    [RequiresUnreferencedCode(ReflectionContracts.Builds)]
    [RequiresDynamicCode(ReflectionContracts.Builds)]
    private static ValueConverter TypedByReflection(Type type, ITypeVisitor<ValueConverter> typed)
        => (ValueConverter)Invoke(s_visit.MakeGenericMethod(type), typed, []);

    [RequiresUnreferencedCode(ReflectionContracts.Builds)]
    [RequiresDynamicCode(ReflectionContracts.Builds)]
    private static ValueConverter CreateByReflection(Type type, ConverterResolver resolver)
    {
        var family = resolver.Family;
        ThrowIfUnsupported(type);

        if (Nullable.GetUnderlyingType(type) is { } underlying)
        {
            return Make(family, nameof(ConverterFamily.NullableOf), [underlying], resolver.GetConverter(underlying));
        }

        if (type.IsEnum)
        {
            return Make(family, nameof(ConverterFamily.EnumOf), [type], resolver.Rules.WritesEnumAsNumbers(type), resolver.Rules.EnumNames(type));
        }

        if (type.IsArray)
        {
            if (type.GetArrayRank() != 1)
            {
                throw new NotSupportedException($"Multi-dimensional arrays ({type}) are not supported.");
            }

            var element = type.GetElementType()!;
            return Make(family, nameof(ConverterFamily.ArrayOf), [element], resolver.GetConverter(element));
        }

        if (type.IsGenericType && type.GetGenericTypeDefinition() == typeof(List<>))
        {
            var element = type.GetGenericArguments()[0];
            return Make(family, nameof(ConverterFamily.ListOf), [element], resolver.GetConverter(element));
        }

        if (resolver.Rules.GetUnionCases(type) is { } unionCases)
        {
            return Make(family, nameof(ConverterFamily.UnionOf), [type], unionCases, resolver);
        }

        if (FindDictionaryTypes(type) is var (keyType, valueType))
        {
            var dictionary = Make(family, nameof(ConverterFamily.DictionaryOf), [type, keyType, valueType], resolver, resolver.GetConverter(valueType), DefaultConstructor(type));
            return ReadableOrSystemTextJson(dictionary, resolver);
        }

        if (FindEnumerableElement(type) is { } elementType)
        {
            var sequence = Make(family, nameof(ConverterFamily.EnumerableOf), [type, elementType], resolver.GetConverter(elementType), DefaultConstructor(type));
            return ReadableOrSystemTextJson(sequence, resolver);
        }

        return ObjectContractBuilder.Build(type, resolver);
    }

    /// <summary>
    /// What the app's <see cref="FastSerializerOptions.TypeShapeProviders"/> describe, under the same rules as
    /// reflection: every type a provider describes, and, where reflection is off (<see cref="ReflectionContracts"/>),
    /// the only way. Anything else is refused by name, never written from members trimming may have removed.
    /// </summary>
    private static ValueConverter CreateFromShape(Type type, ConverterResolver resolver)
    {
        if (resolver.Settings.GetShape(type) is not { } shape)
        {
            throw ReflectionContracts.Refusal(type, resolver.Family.Format);
        }

        // A union is written with its tag, through its shape's type: never as the declared type's own members.
        return resolver.Rules.GetUnionCases(type) is not { } cases ? shape.CreateConverter(resolver)
            : shape is IObjectShape union ? union.CreateUnion(cases, resolver)
            : throw ReflectionContracts.Refusal(type, resolver.Family.Format, "a union");
    }

    /// <summary>
    /// The shape of <paramref name="type"/> when it is an <see cref="IAsyncEnumerable{T}"/> (which no converter serves: it is
    /// written only as a whole response body), from the app's shapes, else by reflection where that is on; or null.
    /// </summary>
    public static ISequenceShape? AsyncSequence(Type type, ConverterResolver resolver)
        => resolver.Settings.GetShape(type) is IAsyncSequenceShape shape ? shape
            : ReflectionContracts.IsEnabled && resolver.Settings.BuildsByReflection ? AsyncSequenceByReflection(type)
            : null;

    [RequiresUnreferencedCode(ReflectionContracts.Builds)]
    [RequiresDynamicCode(ReflectionContracts.Builds)]
    private static ISequenceShape? AsyncSequenceByReflection(Type type)
    {
        foreach (var candidate in SelfAndInterfaces(type))
        {
            if (candidate.IsGenericType && candidate.GetGenericTypeDefinition() == typeof(IAsyncEnumerable<>))
            {
                return (ISequenceShape)Activator.CreateInstance(typeof(AsyncEnumerableShape<>).MakeGenericType(candidate.GetGenericArguments()))!;
            }
        }

        return null;
    }

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
                return converter;
            }
        }

        foreach (var provider in resolver.Settings.ConverterProviders)
        {
            if (provider.GetConverter(type, family.Format) is not { } provided)
            {
                continue;
            }

            if (provided.Type != type || !family.Serves(provided))
            {
                throw new InvalidOperationException(
                    $"{provider.GetType()} returned a {provided.GetType()} for {type} in the {family.Format} family; it must return a converter of exactly that type, derived from {(family.Format == FastFormat.Json ? "JsonValueConverter<T>" : "MessagePackValueConverter<T>")}, or null.");
            }

            return provided;
        }

        return null;
    }

    // A collection these converters can only write (an iterator's class, a custom collection without a parameterless
    // constructor) is read by System.Text.Json under its contract, rather than left empty: as a member, an unreadable
    // value would be skipped with a 200. It is still written by ours, so a response of it streams.
    [RequiresUnreferencedCode(ReflectionContracts.Builds)]
    [RequiresDynamicCode(ReflectionContracts.Builds)]
    private static ValueConverter ReadableOrSystemTextJson(ValueConverter collection, ConverterResolver resolver)
    {
        if (collection.ReadUnsupportedReason is null || resolver.Rules is not SystemTextJsonContractRules systemTextJson)
        {
            return collection;
        }

        resolver.OnFallback?.Invoke(collection.Type, "only System.Text.Json can create it when reading");
        var reader = TypedByReflection(collection.Type, new SystemTextJsonOf(systemTextJson.Options, resolver));
        return collection.Accept(new ReadThroughOf(resolver.Family, collection, reader));
    }

    /// <summary>Whether <paramref name="type"/> is a number that System.Text.Json's number handling applies to.</summary>
    public static bool IsNumber(Type type)
        => type.IsPrimitive && type != typeof(bool) && type != typeof(char) && type != typeof(IntPtr) && type != typeof(UIntPtr)
            || type == typeof(decimal) || type == typeof(Half) || type == typeof(Int128) || type == typeof(UInt128);

    /// <summary>The family's typed factory <paramref name="factory"/> (<see cref="ConverterFamily.ListOf{T}"/>, ...) closed over <paramref name="typeArguments"/>.</summary>
    [RequiresUnreferencedCode(ReflectionContracts.Builds)]
    [RequiresDynamicCode(ReflectionContracts.Builds)]
    public static ValueConverter Make(ConverterFamily family, string factory, Type[] typeArguments, params object?[] arguments)
        => (ValueConverter)Call(family, factory, typeArguments, arguments);

    /// <summary>As <see cref="Make"/>, for a typed factory whose result is not a converter (<see cref="ConverterFamily.EnumKeyOf{T}"/>).</summary>
    [RequiresUnreferencedCode(ReflectionContracts.Builds)]
    [RequiresDynamicCode(ReflectionContracts.Builds)]
    public static object Call(ConverterFamily family, string factory, Type[] typeArguments, params object?[] arguments)
        => Invoke(typeof(ConverterFamily).GetMethod(factory)!.MakeGenericMethod(typeArguments), family, arguments);

    // A generic method closed at run time, its exception unwrapped.
    [RequiresUnreferencedCode(ReflectionContracts.Builds)]
    [RequiresDynamicCode(ReflectionContracts.Builds)]
    private static object Invoke(MethodInfo method, object target, object?[] arguments)
    {
        try
        {
            return method.Invoke(target, arguments)!;
        }
        catch (TargetInvocationException ex) when (ex.InnerException is not null)
        {
            System.Runtime.ExceptionServices.ExceptionDispatchInfo.Capture(ex.InnerException).Throw();
            throw;
        }
    }

    // A collection class's public parameterless constructor, as a Func<T>, or null.
    [RequiresUnreferencedCode(ReflectionContracts.Builds)]
    [RequiresDynamicCode(ReflectionContracts.Builds)]
    private static Delegate? DefaultConstructor(Type type)
        => !type.IsAbstract && type.GetConstructor(Type.EmptyTypes) is not null
            ? System.Linq.Expressions.Expression.Lambda(typeof(Func<>).MakeGenericType(type), System.Linq.Expressions.Expression.New(type)).Compile()
            : null;

    [RequiresUnreferencedCode(ReflectionContracts.Builds)]
    private static void ThrowIfUnsupported(Type type)
    {
        if (type.IsGenericType && type.GetGenericTypeDefinition() == typeof(IAsyncEnumerable<>)
            || Array.Exists(type.GetInterfaces(), i => i.IsGenericType && i.GetGenericTypeDefinition() == typeof(IAsyncEnumerable<>)))
        {
            throw new NotSupportedException($"{type} is only written as a whole response body, not inside another value.");
        }

        if (type.IsPointer || type.IsByRef || type.IsByRefLike || type.ContainsGenericParameters
            || typeof(Delegate).IsAssignableFrom(type) || typeof(MemberInfo).IsAssignableFrom(type)
            || typeof(Stream).IsAssignableFrom(type) || typeof(Task).IsAssignableFrom(type)
            || type == typeof(IntPtr) || type == typeof(UIntPtr))
        {
            throw new NotSupportedException($"The type {type} cannot be serialized.");
        }
    }

    [RequiresUnreferencedCode(ReflectionContracts.Builds)]
    private static (Type Key, Type Value)? FindDictionaryTypes(Type type)
    {
        foreach (var candidate in SelfAndInterfaces(type))
        {
            if (candidate.IsGenericType)
            {
                var definition = candidate.GetGenericTypeDefinition();
                if (definition == typeof(IDictionary<,>) || definition == typeof(IReadOnlyDictionary<,>))
                {
                    var arguments = candidate.GetGenericArguments();
                    return (arguments[0], arguments[1]);
                }
            }
        }

        return null;
    }

    [RequiresUnreferencedCode(ReflectionContracts.Builds)]
    private static Type? FindEnumerableElement(Type type)
    {
        foreach (var candidate in SelfAndInterfaces(type))
        {
            if (candidate.IsGenericType && candidate.GetGenericTypeDefinition() == typeof(IEnumerable<>))
            {
                return candidate.GetGenericArguments()[0];
            }
        }

        return null;
    }

    [RequiresUnreferencedCode(ReflectionContracts.Builds)]
    private static IEnumerable<Type> SelfAndInterfaces(Type type)
    {
        if (type.IsInterface)
        {
            yield return type;
        }

        foreach (var implemented in type.GetInterfaces())
        {
            yield return implemented;
        }
    }

    // A collection written by its own converter and read by another, in the resolver's family.
    private sealed class ReadThroughOf(ConverterFamily family, ValueConverter writer, ValueConverter reader) : ITypeVisitor<ValueConverter>
    {
        public ValueConverter Visit<T>() => family.ReadThrough((ValueConverter<T>)writer, (ValueConverter<T>)reader);
    }

    // A type System.Text.Json writes, in the resolver's family, closed over it by Typed.
    private sealed class SystemTextJsonOf(System.Text.Json.JsonSerializerOptions options, ConverterResolver resolver) : ITypeVisitor<ValueConverter>
    {
        public ValueConverter Visit<T>() => resolver.Family.SystemTextJsonOf<T>(options, resolver);
    }
}
