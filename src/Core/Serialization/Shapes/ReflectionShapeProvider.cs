using System.Diagnostics.CodeAnalysis;
using System.Reflection;

namespace FastFormatters.Serialization.Shapes;

/// <summary>
/// Describes types by reflection, with the shapes the source generator emits: at run time, the one place that decides
/// what a type is (a nullable, an enum, an array, a list, a memory, a dictionary, another sequence, an async sequence, else an
/// object). The resolver asks it after the app's <see cref="FastSerializerOptions.TypeShapeProviders"/>, and only where
/// <see cref="ReflectionContracts.IsEnabled"/>; the generator decides the same at compile time, and the shape parity
/// tests hold the two together.
/// </summary>
internal sealed class ReflectionShapeProvider : TypeShapeProvider
{
    private const string Justification = "ReflectionShapeProvider is created only where ReflectionContracts.IsEnabled; its constructor requires unreferenced and dynamic code.";

    private static readonly MethodInfo s_creator = typeof(ReflectionShapeProvider).GetMethod(nameof(Creator), BindingFlags.NonPublic | BindingFlags.Static)!;
    private static readonly MethodInfo s_object = typeof(ReflectionShapeProvider).GetMethod(nameof(DescribeObject), BindingFlags.NonPublic | BindingFlags.Instance)!;
    private static readonly MethodInfo s_member = typeof(ReflectionShapeProvider).GetMethod(nameof(DescribeMember), BindingFlags.NonPublic | BindingFlags.Static)!;

    private readonly ReflectedAccessors _accessors;

    [RequiresUnreferencedCode(ReflectionContracts.Builds)]
    [RequiresDynamicCode(ReflectionContracts.Builds)]
    public ReflectionShapeProvider() => _accessors = new ReflectedAccessors();

    /// <summary>The shape of <paramref name="type"/>; never null.</summary>
    /// <exception cref="NotSupportedException">No value of <paramref name="type"/> can be serialized (a stream, a delegate, a multi-dimensional array, ...).</exception>
    [UnconditionalSuppressMessage("Trimming", "IL2026", Justification = Justification)]
    [UnconditionalSuppressMessage("Trimming", "IL2070", Justification = Justification)]
    [UnconditionalSuppressMessage("AOT", "IL3050", Justification = Justification)]
    public override TypeShape GetShape(Type type)
    {
        if (IsAsyncEnumerable(type))
        {
            return Make(typeof(AsyncEnumerableShape<>), type.GetGenericArguments());
        }

        ThrowIfUnsupported(type);
        if (Nullable.GetUnderlyingType(type) is { } underlying)
        {
            return Make(typeof(NullableShape<>), [underlying]);
        }

        if (type.IsEnum)
        {
            return Make(typeof(EnumShape<>), [type]);
        }

        if (type.IsArray)
        {
            return type.GetArrayRank() == 1
                ? Make(typeof(ArrayShape<>), [type.GetElementType()!])
                : throw new NotSupportedException($"Multi-dimensional arrays ({type}) are not supported.");
        }

        if (type.IsGenericType && type.GetGenericTypeDefinition() == typeof(List<>))
        {
            return Make(typeof(ListShape<>), type.GetGenericArguments());
        }

        if (type.IsGenericType && (type.GetGenericTypeDefinition() == typeof(Memory<>) || type.GetGenericTypeDefinition() == typeof(ReadOnlyMemory<>)))
        {
            return Make(typeof(MemoryShape<,>), [type, .. type.GetGenericArguments()]);
        }

        if ((Implemented(type, typeof(IDictionary<,>)) ?? Implemented(type, typeof(IReadOnlyDictionary<,>))) is { } dictionary)
        {
            return Make(typeof(DictionaryShape<,,>), [type, .. dictionary.GetGenericArguments()], CreatorOf(type));
        }

        if (Implemented(type, typeof(IEnumerable<>)) is { } enumerable)
        {
            return Make(typeof(EnumerableShape<,>), [type, .. enumerable.GetGenericArguments()], CreatorOf(type));
        }

        return ObjectShapeOf(type);
    }

    /// <summary>
    /// <paramref name="type"/> as an object whatever its kind, for the members of a type another serializer writes
    /// (whose contract modifiers must not change them).
    /// </summary>
    [UnconditionalSuppressMessage("AOT", "IL3050", Justification = Justification)]
    [UnconditionalSuppressMessage("Trimming", "IL2026", Justification = Justification)]
    [UnconditionalSuppressMessage("Trimming", "IL2060", Justification = Justification)]
    public TypeShape ObjectShapeOf(Type type) => (TypeShape)Invoke(() => s_object.MakeGenericMethod(type).Invoke(this, null));

    /// <summary>The sequence a response body of <paramref name="type"/> is when it is or implements <see cref="IAsyncEnumerable{T}"/>, or null.</summary>
    [UnconditionalSuppressMessage("Trimming", "IL2070", Justification = Justification)]
    [UnconditionalSuppressMessage("AOT", "IL3050", Justification = Justification)]
    [UnconditionalSuppressMessage("Trimming", "IL2026", Justification = Justification)]
    public ISequenceShape? AsyncSequenceOf(Type type)
        => (IsAsyncEnumerable(type) ? type : Implemented(type, typeof(IAsyncEnumerable<>))) is { } sequence
            ? (ISequenceShape)Make(typeof(AsyncEnumerableShape<>), sequence.GetGenericArguments())
            : null;

    /// <summary>Hands <paramref name="visitor"/> <paramref name="type"/>, closed over it at run time.</summary>
    [UnconditionalSuppressMessage("AOT", "IL3050", Justification = Justification)]
    public TResult Visit<TResult>(Type type, ITypeVisitor<TResult> visitor)
        => (TResult)Invoke(() => typeof(ITypeVisitor<TResult>).GetMethod(nameof(ITypeVisitor<TResult>.Visit))!.MakeGenericMethod(type).Invoke(visitor, null));

    private static bool IsAsyncEnumerable(Type type) => type.IsGenericType && type.GetGenericTypeDefinition() == typeof(IAsyncEnumerable<>);

    [RequiresDynamicCode(ReflectionContracts.Builds)]
    [RequiresUnreferencedCode(ReflectionContracts.Builds)]
    private static TypeShape Make(Type definition, Type[] typeArguments, params object?[] arguments)
        => (TypeShape)Invoke(() => Activator.CreateInstance(definition.MakeGenericType(typeArguments), arguments));

    // A collection class's public parameterless constructor, as a Func<T>, or null.
    [RequiresDynamicCode(ReflectionContracts.Builds)]
    [RequiresUnreferencedCode(ReflectionContracts.Builds)]
    private static Delegate? CreatorOf(Type type)
        => !type.IsAbstract && type.GetConstructor(Type.EmptyTypes) is not null
            ? (Delegate)Invoke(() => s_creator.MakeGenericMethod(type).Invoke(null, null))
            : null;

    // The shape the generator emits for an object, its delegates made on first use: the public properties and fields
    // (the non-public ones marked [JsonInclude] too, for System.Text.Json's contract) and the public constructors.
    // Reached only from an instance, which exists only where reflection is on.
    [UnconditionalSuppressMessage("Trimming", "IL2026", Justification = Justification)]
    [UnconditionalSuppressMessage("Trimming", "IL2060", Justification = Justification)]
    [UnconditionalSuppressMessage("Trimming", "IL2090", Justification = Justification)]
    [UnconditionalSuppressMessage("AOT", "IL3050", Justification = Justification)]
    private ObjectShape<T> DescribeObject<T>()
    {
        var type = typeof(T);
        var members = new List<MemberShape<T>>();
        foreach (var member in Candidates(type))
        {
            var valueType = Contracts.MemberAccess.ValueType(member);
            members.Add(valueType.IsPointer || valueType.IsByRef || valueType.IsByRefLike
                ? new UnserializableMemberShape<T>(member)
                : (MemberShape<T>)Invoke(() => s_member.MakeGenericMethod(type, valueType).Invoke(null, [member, _accessors])));
        }

        var constructors = type.GetConstructors(BindingFlags.Public | BindingFlags.Instance);
        var constructorShapes = new ConstructorShape<T>[constructors.Length];
        for (int i = 0; i < constructors.Length; i++)
        {
            constructorShapes[i] = new ConstructorShape<T>(constructors[i], _accessors);
        }

        bool creatable = !type.IsAbstract && !type.IsInterface && (type.IsValueType || type.GetConstructor(Type.EmptyTypes) is not null);
        return new ObjectShape<T>(members, constructorShapes, _accessors, creatable);
    }

    private static MemberShape<T, TValue> DescribeMember<T, TValue>(MemberInfo member, ReflectedAccessors accessors) => new(member, accessors);

    // Public instance properties (not indexers) and fields, base-class members first, in declaration order, properties
    // before fields within a class; a member hiding one of its base takes the base one's place, or removes it when it is
    // a constant. The generator lists the same. Then the non-public ones marked [JsonInclude].
    [RequiresUnreferencedCode(ReflectionContracts.Builds)]
    private static List<MemberInfo> Candidates(Type type)
    {
        var hierarchy = new List<Type>();
        if (type.IsInterface)
        {
            hierarchy.AddRange(type.GetInterfaces());
            hierarchy.Add(type);
        }
        else
        {
            for (var current = type; current is not null && current != typeof(object) && current != typeof(ValueType); current = current.BaseType)
            {
                hierarchy.Insert(0, current);
            }
        }

        var byName = new Dictionary<string, int>(StringComparer.Ordinal);
        var result = new List<MemberInfo?>();
        foreach (var declaring in hierarchy)
        {
            foreach (var member in declaring.GetProperties(BindingFlags.Public | BindingFlags.Instance | BindingFlags.DeclaredOnly).Concat<MemberInfo>(declaring.GetFields(BindingFlags.Public | BindingFlags.Instance | BindingFlags.DeclaredOnly)))
            {
                if (member is PropertyInfo property && property.GetIndexParameters().Length > 0)
                {
                    continue;
                }

                var candidate = member is FieldInfo { IsLiteral: true } ? null : member;
                if (byName.TryGetValue(member.Name, out int existing))
                {
                    result[existing] = candidate;
                }
                else if (candidate is not null)
                {
                    byName.Add(member.Name, result.Count);
                    result.Add(candidate);
                }
            }
        }

        foreach (var declaring in hierarchy)
        {
            foreach (var member in declaring.GetProperties(BindingFlags.NonPublic | BindingFlags.Instance | BindingFlags.DeclaredOnly).Concat<MemberInfo>(declaring.GetFields(BindingFlags.NonPublic | BindingFlags.Instance | BindingFlags.DeclaredOnly)))
            {
                if (member.IsDefined(typeof(System.Text.Json.Serialization.JsonIncludeAttribute)) && byName.TryAdd(member.Name, result.Count))
                {
                    result.Add(member);
                }
            }
        }

        return result.OfType<MemberInfo>().ToList();
    }

    private static Func<T> Creator<T>()
        where T : new()
        => static () => new T();

    // A generic closed at run time, its exception unwrapped.
    private static object Invoke(Func<object?> reflect)
    {
        try
        {
            return reflect()!;
        }
        catch (TargetInvocationException ex) when (ex.InnerException is not null)
        {
            System.Runtime.ExceptionServices.ExceptionDispatchInfo.Capture(ex.InnerException).Throw();
            throw;
        }
    }

    // The closed generic interface of `definition` the type is or implements, or null.
    [RequiresUnreferencedCode(ReflectionContracts.Builds)]
    private static Type? Implemented(Type type, Type definition)
    {
        if (type.IsInterface && type.IsGenericType && type.GetGenericTypeDefinition() == definition)
        {
            return type;
        }

        foreach (var implemented in type.GetInterfaces())
        {
            if (implemented.IsGenericType && implemented.GetGenericTypeDefinition() == definition)
            {
                return implemented;
            }
        }

        return null;
    }

    [RequiresUnreferencedCode(ReflectionContracts.Builds)]
    private static void ThrowIfUnsupported(Type type)
    {
        if (Implemented(type, typeof(IAsyncEnumerable<>)) is not null)
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
}
