using System.Diagnostics.CodeAnalysis;
using System.Linq.Expressions;
using System.Reflection;
using FastFormatters.Serialization.Contracts;

namespace FastFormatters.Serialization.Objects;

/// <summary>
/// A type's members, constructors and accessors read from the type by reflection, the accessors compiled. Created only
/// by the reflection provider, where <see cref="ReflectionContracts.IsEnabled"/>: its constructor carries the
/// requirements, so its members do not repeat them.
/// </summary>
internal sealed class ReflectedObject<T> : ObjectSource<T>
{
    private const string Justification = "ReflectedObject is created only by the reflection provider, whose constructor requires unreferenced and dynamic code.";

    [RequiresUnreferencedCode(ReflectionContracts.Builds)]
    [RequiresDynamicCode(ReflectionContracts.Builds)]
    public ReflectedObject()
    {
    }

    public override ConstructorInfo[] Constructors
    {
        [UnconditionalSuppressMessage("Trimming", "IL2090", Justification = Justification)]
        get => typeof(T).GetConstructors(BindingFlags.Public | BindingFlags.Instance);
    }

    [UnconditionalSuppressMessage("Trimming", "IL2026", Justification = Justification)]
    public override IReadOnlyList<MemberInfo> DiscoverMembers(ContractRules rules) => rules.DiscoverMembers(typeof(T));

    [UnconditionalSuppressMessage("Trimming", "IL2026", Justification = Justification)]
    [UnconditionalSuppressMessage("Trimming", "IL2060", Justification = Justification)]
    [UnconditionalSuppressMessage("AOT", "IL3050", Justification = Justification)]
    public override ObjectMember<T> CreateMember(MemberInfo member, EncodedName name, int key, ValueConverter converter, MemberOmission omission, bool canGet, bool canSet)
    {
        var reflect = typeof(ObjectMember<,>).MakeGenericType(typeof(T), MemberAccess.ValueType(member)).GetMethod(nameof(ObjectMember<T, object>.Reflect))!;
        try
        {
            return (ObjectMember<T>)reflect.Invoke(null, [member, name, key, converter, omission, canGet, canSet])!;
        }
        catch (TargetInvocationException ex) when (ex.InnerException is not null)
        {
            System.Runtime.ExceptionServices.ExceptionDispatchInfo.Capture(ex.InnerException).Throw();
            throw;
        }
    }

    [UnconditionalSuppressMessage("Trimming", "IL2026", Justification = Justification)]
    [UnconditionalSuppressMessage("AOT", "IL3050", Justification = Justification)]
    public override ExtensionDataMember<T> CreateExtensionData(PropertyInfo property, ValueConverter<object?> values)
        => ExtensionDataMember<T>.Reflect(property, values);

    [UnconditionalSuppressMessage("Trimming", "IL2087", Justification = Justification)]
    public override Func<T> CreateWithoutArguments() => Expression.Lambda<Func<T>>(Expression.New(typeof(T))).Compile();

    [UnconditionalSuppressMessage("Trimming", "IL2026", Justification = Justification)]
    [UnconditionalSuppressMessage("AOT", "IL3050", Justification = Justification)]
    public override Func<object?[], T> Invoker(ConstructorInfo constructor) => ConstructorPlan<T>.Compile(constructor);
}
